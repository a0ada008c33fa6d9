/**
 * Where each named object goes around a building (docs/decisions/0020): a veranda along the main
 * facade's base, balconies on its upper floors, panels or planting on its roof, a pergola and a
 * bamboo grove in the gaps beside it, a pool, a car and a bicycle on the ground in front. Places
 * come from the masses alone, so adding or removing one object moves nothing else.
 */
import type { Canvas, Rect } from './canvas';
import type { ObjectKind } from './object-reading';
import { entranceOf, type Mass, type View } from './preview-buildings';
import type { Quad } from './preview-objects';
import type { Scene } from './preview-scene';

/** When an object is drawn: before the masses, over them, or in front with the foreground. */
export type Layer = 'behind' | 'on' | 'front';

export interface Placement {
  kind: ObjectKind;
  rect: Rect;
  /** Roof objects lie on a plane seen in perspective. */
  roof?: Quad;
  layer: Layer;
}

/** The roof's visible plane: back edge first, clockwise from its top left. */
function roofPlane(mass: Mass, view: View): Quad | null {
  const top = mass.base - mass.height;
  const lift = mass.depth * view.lift;
  const [left, right] = [mass.x, mass.x + mass.width];
  if (mass.roof === 'spire' || lift < 2) return null;
  if (mass.roof === 'gable') {
    const ridge = top - mass.height * 0.45;
    const mid = (left + right) / 2;
    return [[mid + mass.depth, ridge - lift], [right + mass.depth, top - lift], [right, top], [mid, ridge]];
  }
  const roofTop = mass.roof === 'slab' ? top - mass.height * 0.12 : top;
  return [[left + mass.depth, roofTop - lift], [right + mass.depth, roofTop - lift], [right, roofTop], [left, roofTop]];
}

function boundsOf(quad: Quad): Rect {
  const xs = quad.map(([x]) => x);
  const ys = quad.map(([, y]) => y);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

export function placeObjects(canvas: Canvas, scene: Scene, masses: readonly Mass[], base: number, view: View): Placement[] {
  const { width: W, height: H } = canvas;
  const unit = Math.min(W, H);
  const main = masses[0];
  const placements: Placement[] = [];
  const put = (kind: ObjectKind, rect: Rect, layer: Layer, roof?: Quad) => {
    if (scene.objects.has(kind)) placements.push({ kind, rect, layer, ...(roof ? { roof } : {}) });
  };
  const left = masses.length > 0 ? Math.min(...masses.map((mass) => mass.x)) : W * 0.4;
  const door = main ? entranceOf(main, canvas) : { x: W * 0.48, y: base - H * 0.06, w: W * 0.04, h: H * 0.06 };
  const doorX = door.x + door.w / 2;
  // A pergola shades a terrace beside the entrance; bamboo grows against the building's left end.
  const pergolaH = Math.max(H * 0.13, (main?.height ?? H * 0.15) * 0.8);
  put('pergola', { x: doorX + W * 0.04, y: base + H * 0.035 - pergolaH, w: W * 0.26, h: pergolaH }, 'front');
  const groveW = W * 0.13;
  put('bamboo-grove', { x: Math.max(0, left - groveW * 0.7), y: base - H * 0.32, w: groveW, h: H * 0.32 }, 'behind');
  put('trees', { x: 0, y: base - H * 0.24, w: W, h: H * 0.22 }, 'behind');
  if (main) {
    const top = main.base - main.height;
    const verandaH = Math.max(H * 0.06, main.height * 0.42);
    put('veranda', { x: main.x - W * 0.02, y: main.base - verandaH, w: main.width + W * 0.04, h: verandaH }, 'on');
    const floor = Math.max(H * 0.045, main.height / Math.max(2, Math.round(main.height / (H * 0.05))));
    const levels = Math.max(1, Math.min(3, Math.floor(main.height / floor) - 1));
    for (let level = 0; level < levels; level += 1) {
      put('balcony', { x: main.x + main.width * 0.2, y: top + main.height * 0.06 + level * floor, w: main.width * 0.6, h: floor * 0.62 }, 'on');
    }
    put('columns', { x: main.x + main.width * 0.04, y: main.base - main.height * 0.62, w: main.width * 0.92, h: main.height * 0.62 }, 'on');
    put('arches', { x: main.x + main.width * 0.05, y: main.base - main.height * 0.4, w: main.width * 0.9, h: main.height * 0.4 }, 'on');
    put('stair', { x: main.x + main.width * 0.04, y: main.base - main.height * 0.55, w: main.width * 0.4, h: main.height * 0.55 }, 'on');
    put('plants', { x: main.x, y: main.base - H * 0.035, w: main.width, h: H * 0.04 }, 'on');
    const roofed = masses.find((mass) => roofPlane(mass, view) !== null);
    const plane = roofed ? roofPlane(roofed, view) : null;
    if (plane) {
      for (const kind of ['green-roof', 'solar', 'skylight'] as const) put(kind, boundsOf(plane), 'on', plane);
    }
  }
  put('bicycle', { x: door.x - unit * 0.16, y: base - unit * 0.085, w: unit * 0.14, h: unit * 0.085 }, 'on');
  const ground = base + H * 0.045;
  put('pool', { x: Math.min(W * 0.7, doorX + W * 0.1), y: ground + H * 0.03, w: W * 0.28, h: H * 0.1 }, 'front');
  put('car', { x: Math.max(W * 0.18, doorX - W * 0.32), y: ground + H * 0.02, w: unit * 0.26, h: unit * 0.1 }, 'front');
  return placements;
}
