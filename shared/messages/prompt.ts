/**
 * Prompt validation and enhancement (docs/decisions/0029-validate-text-to-image-only.md). The two
 * first texts' suggestions are ours.
 */
export const promptMessages = {
  emptySuggestions: [
    'A modern glass pavilion in a quiet forest clearing at dawn',
    'A minimalist concrete house on a cliff overlooking the sea',
    'A bright Scandinavian living room with oak floors and large windows',
  ],
  shortSuggestions: [
    'A timber cabin with a sloped roof beside a mountain lake',
    'A brutalist library with a sunken courtyard and reading terraces',
    'A warm Japanese-inspired interior with paper screens and soft light',
  ],
  notArchitectural:
    'This prompt does not seem to describe architecture, interiors, landscape or the built environment. Try describing a building, a space or a place.',
  unclear:
    'Add a building, an interior, a landscape or an urban scene to describe your architectural vision.',
  offTopicSuggestions: [
    'A contemporary museum with a dramatic cantilevered entrance',
    'A cosy reading nook in a loft with exposed brick walls',
    'A landscaped rooftop garden on a city apartment block',
  ],
  architecturalOk: 'This prompt describes an architectural vision.',
} as const;
