/** 4K, upscales and ZIP downloads (docs/decisions/0089-print-resolution.md); every refusal charges nothing. */
export const printMessages = {
  /** The 403 of a 4K render or a 4K upscale on a plan without it: it names the caller's plan. */
  printNeedsPaidPlan: (planName: string) =>
    `4K renders are part of the paid plans, and you are on the ${planName} plan. Upgrade on the Pricing page to render at print resolution.`,
  /** The free plan's resolution chip: why 4K is disabled (the chip links to pricing). */
  printDisabledReason: '4K is available on paid plans.',
  upscaleAtLimit: (maxLongSide: number) => `This image is already ${maxLongSide} px on its long side, the largest an upscale makes.`,
  downloadTooMany: (max: number) => `Choose at most ${max} generations for one download.`,
  downloadEmpty: 'Choose at least one generation to download.',
  projectTooLargeToDownload: (max: number) =>
    `This project holds more than ${max} generations, more than one download takes. Select up to ${max} on the dashboard and download those.`,
} as const;
