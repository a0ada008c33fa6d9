/** What POST /api/generations/:id/images/:index/edits answers when it refuses an edit (nothing is charged). */
export const regionEditMessages = {
  emptyInstruction: 'Describe the change to make in the painted area.',
  instructionTooLong: (max: number) => `Keep the instruction under ${max} characters.`,
  maskUnreadable: 'The mask must be a PNG, JPEG or WebP image.',
  maskWrongSize: (width: number, height: number) => `The mask must be exactly ${width} × ${height} pixels, the size of the image.`,
  maskEmpty: 'The mask is empty: paint the area to change.',
  /** A 4K image's whole raster is half a Worker's memory: edits stay at 2K (docs/decisions/0089-print-resolution.md). */
  sourceTooLarge: 'Region edits work on images up to 2K. Edit the 2K version, then upscale the result.',
} as const;
