/** The preview engine's landscape painters: sky, mountains, hills, trees, ground, foreground and weather. */
import { type Canvas, line, mix, shade, type Rgb } from './canvas';
import { lit, type Random, type Scene, WINDOW_LIT } from './preview-scene';

export function drawSky(canvas: Canvas, scene: Scene, horizon: number, detail: Random): void {
  const { width } = canvas;
  canvas.gradient(0, horizon, scene.sky.top, scene.sky.horizon);
  const unit = Math.min(width, canvas.height);
  if (scene.sky.stars) {
    for (let i = 0; i < 160; i += 1) canvas.rect(detail() * width, detail() * horizon * 0.8, 2, 2, [220, 225, 240]);
  }
  const sun = scene.sky.sun;
  if (sun) {
    const x = width * sun.x;
    const y = horizon * sun.y;
    if (!scene.sky.stars) canvas.disc(x, y, unit * 0.08, mix(sun.color, scene.sky.horizon, 0.6));
    canvas.disc(x, y, unit * (scene.sky.stars ? 0.03 : 0.045), sun.color);
  }
}

function drawMountains(canvas: Canvas, scene: Scene, horizon: number, layout: Random): void {
  const { width, height } = canvas;
  const rock = mix(shade(scene.sky.horizon, 0.6), [90, 100, 120], 0.5);
  const peaks = 3 + Math.floor(layout() * 3);
  for (let i = 0; i < peaks; i += 1) {
    const cx = width * ((i + 0.2 + layout() * 0.6) / peaks);
    const peak = height * (0.12 + layout() * 0.14);
    const half = width * (0.18 + layout() * 0.12);
    const top = horizon - peak;
    canvas.polygon([[cx - half, horizon], [cx, top], [cx + half, horizon]], shade(rock, 0.9 + (i % 2) * 0.12));
    const cap = 0.35;
    canvas.polygon([[cx - half * cap, top + peak * cap], [cx, top], [cx + half * cap, top + peak * cap]], mix([245, 247, 250], scene.sky.horizon, 0.15));
  }
}

function drawHills(canvas: Canvas, color: Rgb, horizon: number, amplitude: number, layout: Random): void {
  const { width } = canvas;
  const phase = layout() * Math.PI * 2;
  for (let x = 0; x < width; x += 2) {
    const lift = Math.sin(x / (width * 0.18) + phase) * 0.5 + Math.sin(x / (width * 0.07) + phase * 2) * 0.2 + 0.8;
    const top = Math.round(horizon - lift * amplitude);
    canvas.rect(x, top, 2, Math.ceil(horizon) - top, color);
  }
}

export function drawConifer(canvas: Canvas, x: number, base: number, size: number, color: Rgb, snowy: boolean): void {
  canvas.rect(x - size * 0.04, base - size * 0.2, size * 0.08, size * 0.2, [70, 52, 40]);
  for (let tier = 0; tier < 3; tier += 1) {
    const bottom = base - size * (0.15 + tier * 0.25);
    const half = size * (0.3 - tier * 0.07);
    canvas.polygon([[x - half, bottom], [x, bottom - size * 0.4], [x + half, bottom]], shade(color, 1 - tier * 0.06));
    if (snowy) canvas.polygon([[x - half * 0.4, bottom - size * 0.24], [x, bottom - size * 0.4], [x + half * 0.4, bottom - size * 0.24]], [240, 243, 247]);
  }
}

function drawRoundTree(canvas: Canvas, x: number, base: number, size: number, scene: Scene, detail: Random): void {
  const trunk: Rgb = lit([95, 70, 50], scene);
  canvas.rect(x - size * 0.05, base - size * 0.55, size * 0.1, size * 0.55, trunk);
  if (scene.season === 'winter') {
    line(canvas, x, base - size * 0.5, x - size * 0.25, base - size * 0.85, size * 0.03, trunk);
    line(canvas, x, base - size * 0.55, x + size * 0.22, base - size * 0.9, size * 0.03, trunk);
    return;
  }
  const [leaf, alt] = scene.foliage;
  const leaves = lit(detail() < 0.5 ? leaf : alt, scene);
  canvas.disc(x, base - size * 0.75, size * 0.36, leaves);
  canvas.disc(x - size * 0.18, base - size * 0.6, size * 0.25, shade(leaves, 0.85));
  canvas.disc(x + size * 0.16, base - size * 0.62, size * 0.22, shade(leaves, 1.08));
  if (scene.season === 'spring') {
    for (let i = 0; i < 8; i += 1) canvas.disc(x + (detail() - 0.5) * size * 0.6, base - size * (0.5 + detail() * 0.5), size * 0.04, [242, 188, 208]);
  }
}

function drawCactus(canvas: Canvas, x: number, base: number, size: number, scene: Scene): void {
  const green = lit([80, 120, 70], scene);
  canvas.rect(x - size * 0.05, base - size * 0.6, size * 0.1, size * 0.6, green);
  canvas.rect(x - size * 0.2, base - size * 0.4, size * 0.15, size * 0.06, green);
  canvas.rect(x - size * 0.2, base - size * 0.55, size * 0.06, size * 0.2, green);
}

export function drawBackground(canvas: Canvas, scene: Scene, horizon: number, layout: Random, detail: Random): void {
  const { width, height } = canvas;
  const unit = Math.min(width, height);
  if (scene.mountains) drawMountains(canvas, scene, horizon, layout);
  switch (scene.setting) {
    case 'desert':
      drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.3), horizon, unit * 0.05, layout);
      break;
    case 'forest':
      for (let x = -unit * 0.05; x < width + unit * 0.05; x += unit * 0.035) {
        drawConifer(canvas, x + layout() * unit * 0.02, horizon + 2, unit * (0.12 + layout() * 0.08), lit(shade(scene.foliage[0], 0.7), scene), scene.season === 'winter');
      }
      break;
    case 'city': {
      const tone = mix(shade(scene.sky.horizon, 0.55), [110, 115, 125], 0.5);
      for (let x = 0; x < width; ) {
        const w = width * (0.05 + layout() * 0.07);
        const h = height * (0.08 + layout() * 0.22);
        canvas.rect(x, horizon - h, w - 2, h, shade(tone, 0.85 + layout() * 0.2));
        if (scene.sky.lit > 0.2) {
          for (let wy = horizon - h + 6; wy < horizon - 6; wy += 10) for (let wx = x + 4; wx < x + w - 8; wx += 9) if (detail() < scene.sky.lit * 0.5) canvas.rect(wx, wy, 4, 5, WINDOW_LIT);
        }
        x += w;
      }
      break;
    }
    case 'water':
      drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.45), horizon, unit * 0.035, layout);
      break;
    default:
      if (!scene.mountains) drawHills(canvas, mix(scene.ground.far, scene.sky.horizon, 0.35), horizon, unit * 0.06, layout);
  }
}

export function drawGround(canvas: Canvas, scene: Scene, horizon: number, base: number): void {
  const { width, height } = canvas;
  if (scene.setting === 'water') {
    // A far shore, the water in front, and a near bank the building stands on.
    canvas.gradient(horizon, horizon + height * 0.02, lit(scene.ground.far, scene), lit(scene.ground.near, scene));
    canvas.gradient(horizon + height * 0.02, height, mix(scene.water, scene.sky.horizon, 0.35), scene.water);
    canvas.rect(0, base - height * 0.01, width, height * 0.035, lit(mix(scene.ground.near, [150, 140, 120], 0.4), scene));
    return;
  }
  const far = scene.setting === 'snow' || scene.season === 'winter' ? scene.ground.far : lit(scene.ground.far, scene);
  const near = scene.setting === 'snow' || scene.season === 'winter' ? shade(scene.ground.near, Math.max(0.75, scene.sky.light)) : lit(scene.ground.near, scene);
  canvas.gradient(horizon, height, far, near);
  if (scene.setting === 'city') {
    canvas.rect(0, base, width, height * 0.03, lit([170, 168, 162], scene));
    const lane = base + height * 0.12;
    for (let x = 0; x < width; x += width * 0.1) canvas.rect(x, lane, width * 0.05, Math.max(2, height * 0.006), [230, 225, 200]);
  }
  if (scene.setting === 'park') {
    canvas.polygon([[width * 0.45, base], [width * 0.55, base], [width * 0.75, height], [width * 0.25, height]], lit([200, 185, 150], scene));
  }
}

export function drawForeground(canvas: Canvas, scene: Scene, base: number, detail: Random): void {
  const { width, height } = canvas;
  const unit = Math.min(width, height);
  const count = scene.setting === 'forest' ? 7 : scene.setting === 'park' ? 6 : scene.setting === 'desert' ? 3 : scene.setting === 'water' ? 2 : 3;
  for (let i = 0; i < count; i += 1) {
    const x = width * (i % 2 === 0 ? detail() * 0.22 : 0.78 + detail() * 0.22);
    const y = Math.min(height - 2, base + height * (0.02 + detail() * 0.12));
    const size = unit * (0.12 + detail() * 0.1);
    if (scene.setting === 'desert') drawCactus(canvas, x, y, size * 0.7, scene);
    else if (scene.setting === 'forest' || scene.setting === 'snow') drawConifer(canvas, x, y, size * 1.2, lit(shade(scene.foliage[0], 0.8), scene), scene.season === 'winter');
    else drawRoundTree(canvas, x, y, size, scene, detail);
  }
}

function mistColour(scene: Scene): Rgb {
  return mix(scene.sky.horizon, [228, 230, 232], 0.6);
}

/** Mist fades what lies behind the building: densest at the horizon, clearing towards the viewer. */
export function drawMistBehind(canvas: Canvas, scene: Scene, horizon: number): void {
  if (scene.season !== 'mist') return;
  const { height } = canvas;
  canvas.veil(mistColour(scene), (row) => (row < horizon ? 0.5 + (row / horizon) * 0.2 : 0.7 - ((row - horizon) / (height - horizon)) * 0.9));
}

export function drawWeather(canvas: Canvas, scene: Scene, detail: Random): void {
  const { width, height } = canvas;
  if (scene.season === 'monsoon') {
    const drop = mix(scene.sky.horizon, [235, 240, 245], 0.4);
    for (let i = 0; i < 260; i += 1) {
      const x = detail() * width;
      const y = detail() * height;
      line(canvas, x, y, x - height * 0.01, y + height * 0.04, 1.2, drop);
    }
  } else if (scene.season === 'rain') {
    // Fine, sparse streaks and the sheen of wet paving near the viewer.
    const drop = mix(scene.sky.horizon, [225, 230, 236], 0.5);
    for (let i = 0; i < 150; i += 1) {
      const x = detail() * width;
      const y = detail() * height;
      line(canvas, x, y, x - height * 0.006, y + height * 0.03, 0.8, drop);
    }
  } else if (scene.season === 'mist') {
    // A light veil over everything; the background was veiled harder before the building (drawMistBehind).
    canvas.veil(mistColour(scene), (row) => 0.22 - Math.abs(row / height - 0.5) * 0.2);
  } else if (scene.season === 'winter' && !scene.interior) {
    for (let i = 0; i < 180; i += 1) canvas.disc(detail() * width, detail() * height, 1.5 + detail() * 1.5, [245, 247, 250]);
  }
}
