/**
 * Presets in an architect's words: each option adds well-formed words to the prompt, which the
 * user reads and edits. A project's brief stores the chosen words (its time of day and season
 * fields), so they apply to every generation made in it.
 */

export interface PresetOption {
  id: string;
  /** What the chip says. */
  label: string;
  /** What the preset adds to the prompt. */
  words: string;
}

export interface PresetGroup {
  id: 'setting' | 'timeOfDay' | 'season' | 'camera' | 'materials';
  label: string;
  options: readonly PresetOption[];
}

export const SETTING_PRESETS = [
  { id: 'exterior', label: 'Exterior', words: 'exterior architectural view of the building in its context' },
  { id: 'interior', label: 'Interior', words: 'interior view of the space, furnished, true-to-scale' },
  { id: 'landscape', label: 'Landscape', words: 'landscape architecture, planting and hardscape in the foreground' },
  { id: 'urban', label: 'Urban', words: 'urban streetscape with neighbouring buildings, people and street life' },
  { id: 'aerial', label: 'Aerial', words: 'aerial view of the site and its surroundings' },
] as const satisfies readonly PresetOption[];

export const TIME_OF_DAY_PRESETS = [
  { id: 'dawn', label: 'Dawn', words: 'at dawn, soft pink and pale blue light, long low shadows' },
  { id: 'morning', label: 'Morning', words: 'in clear morning light, crisp shadows' },
  { id: 'noon', label: 'Noon', words: 'at noon, high sun, short hard shadows' },
  { id: 'golden-hour', label: 'Golden hour', words: 'at golden hour, warm low sunlight, long shadows' },
  { id: 'dusk', label: 'Dusk', words: 'at dusk, fading warm sky, interior lights coming on' },
  { id: 'blue-hour', label: 'Blue hour', words: 'at blue hour, deep blue sky, warm glowing interiors' },
  { id: 'night', label: 'Night', words: 'at night, dark sky, artificial lighting, lit windows' },
] as const satisfies readonly PresetOption[];

export const SEASON_PRESETS = [
  { id: 'spring', label: 'Spring', words: 'in spring, fresh green foliage and blossom' },
  { id: 'summer', label: 'Summer', words: 'in summer, full green trees, clear sky' },
  { id: 'autumn', label: 'Autumn', words: 'in autumn, orange and red foliage, fallen leaves' },
  { id: 'winter', label: 'Winter snow', words: 'in winter, snow on the ground and roofs, bare trees' },
  { id: 'monsoon', label: 'Monsoon overcast', words: 'in the monsoon, heavy overcast sky, wet reflective ground, lush green' },
  { id: 'rain', label: 'Light rain', words: 'in light rain, wet surfaces and reflections, umbrellas' },
  { id: 'mist', label: 'Morning mist', words: 'in morning mist, soft diffused light, fading background' },
] as const satisfies readonly PresetOption[];

export const CAMERA_PRESETS = [
  { id: 'eye-level', label: 'Eye level', words: 'eye-level perspective at 1.6 m, vertical lines kept vertical' },
  { id: 'aerial', label: 'Aerial', words: "bird's-eye aerial perspective from a drone" },
  { id: 'worms-eye', label: "Worm's-eye", words: "worm's-eye view looking up at the building" },
  { id: 'one-point', label: 'One-point interior', words: 'one-point perspective of the interior, centred, symmetrical' },
  { id: 'axonometric', label: 'Axonometric', words: 'axonometric projection, parallel lines, no perspective' },
] as const satisfies readonly PresetOption[];

export const MATERIAL_PRESETS = [
  { id: 'concrete-oak', label: 'Concrete & oak', words: 'board-formed concrete, light oak, black steel details' },
  { id: 'brick-steel', label: 'Brick & steel', words: 'red clay brick, weathered steel, clear glazing' },
  { id: 'earth-timber', label: 'Rammed earth & timber', words: 'rammed earth walls, exposed timber structure, lime plaster' },
  { id: 'glass-aluminium', label: 'Glass & aluminium', words: 'floor-to-ceiling glass, anodised aluminium frames, white stone' },
  { id: 'laterite-bamboo', label: 'Laterite & bamboo', words: 'laterite stone, bamboo screens, terracotta tiles' },
  { id: 'terrazzo-brass', label: 'Terrazzo & brass', words: 'terrazzo floors, brushed brass, walnut joinery' },
  { id: 'limestone-bronze', label: 'Limestone & bronze', words: 'honed limestone, bronze window frames, travertine' },
] as const satisfies readonly PresetOption[];

export const PRESET_GROUPS: readonly PresetGroup[] = [
  { id: 'setting', label: 'Setting', options: SETTING_PRESETS },
  { id: 'timeOfDay', label: 'Time of day', options: TIME_OF_DAY_PRESETS },
  { id: 'season', label: 'Season & weather', options: SEASON_PRESETS },
  { id: 'camera', label: 'Camera', options: CAMERA_PRESETS },
  { id: 'materials', label: 'Materials', options: MATERIAL_PRESETS },
];
