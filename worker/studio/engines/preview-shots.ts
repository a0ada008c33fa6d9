/**
 * The four views of one batch are four cameras on ONE scene (docs/decisions/0020): the view's
 * index in its batch picks the camera and framing, while the scene — building, materials, time,
 * setting — stays. A prompt that names a camera keeps it in every view and varies the framing.
 */
import type { Camera } from './scene-reading';

export interface Shot {
  camera: Camera;
  /** ≥ 1: how close the view comes, towards `focus`. */
  zoom: number;
  focus: 'scene' | 'entrance' | 'furniture';
  /** Seen from the other side: the scene mirrored, the sun with it. */
  mirror: boolean;
  /** Multiplies how deep the masses look: a three-quarter view shows more of their sides. */
  depth: number;
  /** Moves the horizon down (+) or up (−), as a share of the height. */
  eyeShift: number;
  /** Inside: how far the view turns towards one wall, as a share of the width. */
  turn: number;
}

export const SHOTS_PER_BATCH = 4;

const FRONT: Shot = { camera: 'eye', zoom: 1, focus: 'scene', mirror: false, depth: 1, eyeShift: 0, turn: 0 };

/** View 1 eye-level front, 2 three-quarter from the other corner, 3 closer on the entrance, 4 aerial. */
const EXTERIOR: readonly Shot[] = [
  FRONT,
  { ...FRONT, zoom: 1.12, mirror: true, depth: 1.7, eyeShift: 0.03 },
  { ...FRONT, zoom: 1.9, focus: 'entrance', depth: 1.3, eyeShift: 0.04 },
  { ...FRONT, camera: 'aerial' },
];

/** View 1 towards the window wall, 2 from a corner, 3 closer on the furniture, 4 from above. */
const INTERIOR: readonly Shot[] = [
  FRONT,
  { ...FRONT, zoom: 1.08, mirror: true, turn: -0.14 },
  { ...FRONT, zoom: 1.6, focus: 'furniture', eyeShift: 0.04 },
  { ...FRONT, camera: 'aerial' },
];

/** A named camera in every view, framed four ways. */
function framings(camera: Camera, interior: boolean): readonly Shot[] {
  const base = { ...FRONT, camera };
  if (camera === 'one-point') {
    // Symmetry is the point of a one-point view: no mirror, no turn.
    return [base, { ...base, zoom: 1.3 }, { ...base, eyeShift: 0.08 }, { ...base, eyeShift: -0.1 }];
  }
  return [
    base,
    { ...base, zoom: 1.1, mirror: true, depth: 1.8, turn: interior ? -0.12 : 0 },
    { ...base, zoom: 1.6, focus: interior ? 'furniture' : 'entrance', depth: 1.2 },
    { ...base, zoom: 1.25, mirror: true },
  ];
}

/** The shot of a batch's view `index` (0-based; later views wrap round). */
export function shotFor(named: Camera | null, interior: boolean, index: number): Shot {
  const shots = named ? framings(named, interior) : interior ? INTERIOR : EXTERIOR;
  return shots[((index % shots.length) + shots.length) % shots.length] ?? FRONT;
}
