/** The preview engine's objects set into or onto a facade: balconies, a colonnade, an arcade, an outside stair. */
import { type Canvas, line, mix, type Rect, shade } from './canvas';
import type { ObjectKind } from './object-reading';
import { lit, type Scene } from './preview-scene';

/** Objects set into or onto a facade: balconies, colonnades, arcades, an outside stair. */
export function drawFacadeObject(canvas: Canvas, { x, y, w, h }: Rect, kind: ObjectKind, scene: Scene): void {
  const wall = lit(scene.finish.color, scene);
  const pale = lit(scene.finishes.find((finish) => finish.material === 'marble' || finish.material === 'stone')?.color ?? [226, 220, 206], scene);
  const unit = Math.min(canvas.width, canvas.height);
  const px = Math.max(2, unit * 0.004);
  if (kind === 'balcony') {
    // A slab projecting from the wall, its shadow below, a tinted glass railing between steel posts.
    const steel = lit([40, 42, 46], scene);
    const over = w * 0.05;
    canvas.rect(x + w * 0.3, y - h * 0.2, w * 0.4, h * 1.0, shade(wall, 0.35));
    canvas.rect(x - over, y + h * 0.9, w + over * 2, h * 0.3, shade(wall, 0.55));
    canvas.rect(x - over, y + h * 0.3, w + over * 2, h * 0.5, mix(mix(scene.sky.horizon, [70, 100, 120], 0.6), wall, 0.2));
    canvas.rect(x - over, y + h * 0.8, w + over * 2, h * 0.12, shade(wall, 1.12));
    canvas.rect(x - over, y + h * 0.26, w + over * 2, Math.max(px, h * 0.05), steel);
    for (let bx = x - over; bx <= x + w + over; bx += Math.max(6, w / 6)) canvas.rect(bx, y + h * 0.26, px, h * 0.54, steel);
  } else if (kind === 'columns') {
    const count = Math.max(4, Math.round(w / (unit * 0.055)));
    const colW = Math.max(4, (w / count) * 0.32);
    // A loggia: the shade of the recess between the columns.
    canvas.rect(x, y + h * 0.1, w, h * 0.9, shade(wall, 0.42));
    canvas.rect(x - colW * 0.5, y, w + colW, h * 0.1, pale);
    canvas.rect(x - colW * 0.5, y + h * 0.1, w + colW, px, shade(pale, 0.7));
    for (let i = 0; i < count; i += 1) {
      const cx = x + ((i + 0.5) / count) * w;
      canvas.rect(cx - colW / 2, y + h * 0.1, colW, h * 0.9, pale);
      canvas.rect(cx - colW / 2 + colW * 0.62, y + h * 0.1, colW * 0.38, h * 0.9, shade(pale, 0.82));
      canvas.rect(cx - colW * 0.75, y + h * 0.1, colW * 1.5, h * 0.04, shade(pale, 1.05));
      canvas.rect(cx - colW * 0.75, y + h * 0.95, colW * 1.5, h * 0.05, shade(pale, 0.92));
    }
  } else if (kind === 'arches') {
    const count = Math.max(3, Math.round(w / (unit * 0.07)));
    const bay = w / count;
    const open = bay * 0.64;
    const dark = shade(wall, 0.28);
    for (let i = 0; i < count; i += 1) {
      const cx = x + (i + 0.5) * bay;
      canvas.disc(cx, y + open / 2 + px * 2, open / 2 + px * 2, pale);
      canvas.rect(cx - open / 2 - px * 2, y + open / 2 + px * 2, open + px * 4, h - open / 2 - px * 2, pale);
      canvas.disc(cx, y + open / 2 + px * 2, open / 2, dark);
      canvas.rect(cx - open / 2, y + open / 2 + px * 2, open, h - open / 2 - px * 2, dark);
    }
  } else if (kind === 'stair') {
    // An outside stair rising along the facade to an upper door, with a rail.
    const steps = 9;
    const tone = lit([118, 120, 126], scene);
    canvas.polygon([[x, y + h], [x + w, y], [x + w, y + h]], shade(wall, 0.5));
    for (let i = 0; i < steps; i += 1) {
      const sx = x + (i / steps) * w;
      const sy = y + h - ((i + 1) / steps) * h;
      canvas.rect(sx, sy, w / steps + 1, y + h - sy, shade(tone, i % 2 === 0 ? 0.95 : 0.88));
      canvas.rect(sx, sy, w / steps + 1, px, shade(tone, 1.2));
    }
    line(canvas, x, y + h - h * 0.32, x + w, y - h * 0.3, px, lit([40, 42, 46], scene));
    canvas.rect(x + w, y - h * 0.3, w * 0.22, h * 0.3, shade(wall, 0.3));
  }
}
