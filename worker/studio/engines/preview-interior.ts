/** The preview engine's interiors: a room in one-point perspective, furnished by its kind. */
import { type Canvas, mix, shade, type Rgb } from './canvas';
import { lit, type Random, type Scene, WINDOW_LIT } from './preview-scene';
import { drawConifer, drawWeather } from './preview-landscape';
import { drawTexture } from './preview-buildings';

export function roomKind(text: string): 'kitchen' | 'bedroom' | 'library' | 'office' | 'living' {
  if (/\bkitchen/.test(text)) return 'kitchen';
  if (/\bbedroom|\bbed\b/.test(text)) return 'bedroom';
  if (/\blibrar|\bbooks?\b|\bshelves|\breading/.test(text)) return 'library';
  if (/\boffice|\bworkspace|\bclassroom|\bdesk/.test(text)) return 'office';
  return 'living';
}

/** A box of furniture standing on the floor, front face and top, seen from the room's centre. */
export function furniture(canvas: Canvas, x: number, y: number, w: number, h: number, top: number, color: Rgb): void {
  canvas.rect(x, y - top, w, top, shade(color, 1.15));
  canvas.rect(x, y, w, h, color);
}

export function renderInterior(canvas: Canvas, scene: Scene, layout: Random, detail: Random): void {
  const { width, height } = canvas;
  // One-point: the vanishing point dead centre, both side walls alike.
  const onePoint = scene.camera === 'one-point';
  const vx = width * (onePoint ? 0.5 : 0.45 + layout() * 0.1);
  const vy = height * (scene.camera === 'worm' ? 0.62 : scene.camera === 'aerial' ? 0.3 : onePoint ? 0.5 : 0.46);
  const bw = width * 0.42;
  const bh = height * 0.42;
  const bx0 = vx - bw / 2;
  const bx1 = vx + bw / 2;
  const by0 = vy - bh * 0.5;
  const by1 = vy + bh * 0.5;
  const wallColor = scene.finish.color;
  const wall = lit(mix(wallColor, [240, 236, 228], scene.finish.texture === 'curtain' ? 0.6 : 0.15), scene, 1.05);
  const floorColor = lit(scene.prompt.includes('concrete floor') || scene.finish.texture === 'formwork' ? [150, 150, 146] : scene.finish.texture === 'blocks' ? [215, 210, 200] : [170, 120, 78], scene);
  const ceiling = shade(wall, 1.08);
  canvas.polygon([[0, 0], [width, 0], [bx1, by0], [bx0, by0]], ceiling);
  canvas.polygon([[0, height], [bx0, by1], [bx1, by1], [width, height]], floorColor);
  for (let i = 1; i < 10; i += 1) {
    const t = (i / 10) ** 1.6;
    const y = by1 + (height - by1) * t;
    canvas.rect(0, y, width, Math.max(1, height / 700), shade(floorColor, 0.85));
  }
  canvas.polygon([[0, 0], [bx0, by0], [bx0, by1], [0, height]], shade(wall, onePoint ? 0.84 : 0.78));
  canvas.polygon([[width, 0], [bx1, by0], [bx1, by1], [width, height]], shade(wall, onePoint ? 0.84 : 0.9));
  canvas.rect(bx0, by0, bw, bh, wall);
  drawTexture(canvas, { x: bx0, base: by1, width: bw, height: bh, depth: 0, roof: 'flat', windows: 'none', texture: scene.finish.texture === 'curtain' ? 'none' : scene.finish.texture }, by0, wall);
  // The window: sky, and the setting outside it.
  const glazed = scene.finish.texture === 'curtain';
  const wx0 = bx0 + bw * (glazed ? 0.04 : 0.18);
  const wx1 = bx1 - bw * (glazed ? 0.04 : 0.18);
  const wy0 = by0 + bh * (glazed ? 0.04 : 0.14);
  const wy1 = by1 - bh * (glazed ? 0.04 : 0.3);
  const outside = wy0 + (wy1 - wy0) * 0.62;
  for (let y = Math.round(wy0); y < outside; y += 1) canvas.span(y, wx0, wx1, mix(scene.sky.top, scene.sky.horizon, (y - wy0) / (outside - wy0)));
  const land = scene.setting === 'water' ? scene.water : scene.setting === 'snow' || scene.season === 'winter' ? scene.ground.near : lit(scene.ground.far, scene);
  canvas.rect(wx0, outside, wx1 - wx0, wy1 - outside, land);
  if (scene.setting === 'forest') for (let x = wx0; x < wx1 - 10; x += (wx1 - wx0) / 9) drawConifer(canvas, x + 8, outside + 2, (wy1 - wy0) * 0.45, lit(shade(scene.foliage[0], 0.7), scene), scene.season === 'winter');
  if (scene.setting === 'city') for (let x = wx0; x < wx1 - 6; x += (wx1 - wx0) / 7) canvas.rect(x + 2, outside - (wy1 - wy0) * (0.15 + detail() * 0.3), (wx1 - wx0) / 8, (wy1 - wy0) * 0.6, shade(scene.sky.horizon, 0.6));
  if (scene.sky.sun) canvas.disc(wx0 + (wx1 - wx0) * scene.sky.sun.x, wy0 + (outside - wy0) * scene.sky.sun.y, (wx1 - wx0) * 0.04, scene.sky.sun.color);
  const frame = shade(wall, 0.45);
  const bar = Math.max(2, width * 0.005);
  canvas.rect(wx0, wy0, wx1 - wx0, bar, frame);
  canvas.rect(wx0, wy1 - bar, wx1 - wx0, bar, frame);
  for (let i = 0; i <= 3; i += 1) canvas.rect(wx0 + ((wx1 - wx0 - bar) * i) / 3, wy0, bar, wy1 - wy0, frame);
  // Sunlight through the window on the floor, by day.
  if (scene.sky.light > 0.7 && scene.sky.sun) {
    const shift = (0.5 - scene.sky.sun.x) * width * 0.4;
    canvas.polygon([[wx0, by1], [wx1, by1], [wx1 + shift * 1.4, by1 + (height - by1) * 0.5], [wx0 + shift * 1.4, by1 + (height - by1) * 0.5]], mix(floorColor, [255, 240, 210], 0.35));
  }
  // Furniture, in the palette's colours.
  const accent = (i: number): Rgb => lit(scene.accents[i % scene.accents.length] ?? [150, 130, 110], scene);
  const kind = roomKind(scene.prompt);
  const floorY = by1 + (height - by1) * 0.45;
  if (kind === 'kitchen') {
    furniture(canvas, bx0, by1 - bh * 0.22, bw, bh * 0.22, bh * 0.03, accent(1));
    furniture(canvas, vx - width * 0.2, floorY - height * 0.12, width * 0.4, height * 0.14, height * 0.04, accent(0));
  } else if (kind === 'bedroom') {
    furniture(canvas, vx - width * 0.22, floorY - height * 0.08, width * 0.44, height * 0.1, height * 0.09, accent(2));
    canvas.rect(vx - width * 0.22, floorY - height * 0.2, width * 0.44, height * 0.04, accent(0));
  } else if (kind === 'library') {
    for (const side of [0, 1] as const) {
      const x0 = side === 0 ? width * 0.02 : width * 0.8;
      for (let shelf = 0; shelf < 6; shelf += 1) {
        const y = height * (0.14 + shelf * 0.11);
        canvas.rect(x0, y + height * 0.08, width * 0.18, height * 0.012, shade(floorColor, 0.7));
        for (let bx = x0; bx < x0 + width * 0.17; bx += width * 0.012) canvas.rect(bx, y + height * (0.02 + detail() * 0.02), width * 0.01, height * 0.06, accent(Math.floor(detail() * 4)));
      }
    }
    furniture(canvas, vx - width * 0.16, floorY - height * 0.06, width * 0.32, height * 0.1, height * 0.03, shade(floorColor, 0.8));
  } else if (kind === 'office') {
    for (let i = 0; i < 3; i += 1) furniture(canvas, width * (0.14 + i * 0.26), floorY - height * 0.05 + i * 4, width * 0.2, height * 0.09, height * 0.025, accent(i));
  } else {
    canvas.polygon([[vx - width * 0.28, floorY + height * 0.12], [vx - width * 0.18, floorY - height * 0.04], [vx + width * 0.18, floorY - height * 0.04], [vx + width * 0.28, floorY + height * 0.12]], accent(2));
    furniture(canvas, vx - width * 0.26, floorY - height * 0.16, width * 0.34, height * 0.1, height * 0.06, accent(0));
    furniture(canvas, vx + width * 0.02, floorY + height * 0.01, width * 0.16, height * 0.05, height * 0.02, accent(1));
  }
  // A lamp, on when the light outside is low.
  const lampX = width * (0.8 + layout() * 0.08);
  canvas.rect(lampX - 2, by1 - bh * 0.1, 4, height * 0.28, shade(wall, 0.4));
  if (scene.sky.lit > 0.3) canvas.disc(lampX, by1 - bh * 0.12, width * 0.05, mix(WINDOW_LIT, wall, 0.3));
  canvas.disc(lampX, by1 - bh * 0.12, width * 0.025, scene.sky.lit > 0.3 ? WINDOW_LIT : shade(wall, 0.9));
  // Weather stays outside: the window's sky already shows it.
  drawWeather(canvas, { ...scene, season: scene.season === 'monsoon' || scene.season === 'rain' || scene.season === 'mist' ? 'summer' : scene.season }, detail);
}
