/** The preview engine's interiors: a room in one-point perspective, its window, its furnishings. */
import { type Canvas, line, mix, shade } from './canvas';
import { furnish } from './preview-furnishings';
import { drawConifer, drawWeather } from './preview-landscape';
import { drawSurface } from './preview-materials';
import { Room } from './preview-room';
import { lit, type Scene } from './preview-scene';

export function renderInterior(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const { shot } = scene;
  // One-point: the vanishing point dead centre, both side walls alike.
  const onePoint = shot.camera === 'one-point';
  const vx = width * ((onePoint ? 0.5 : 0.45 + scene.random('room')() * 0.1) + shot.turn);
  const vy = height * ((shot.camera === 'worm' ? 0.62 : shot.camera === 'aerial' ? 0.3 : onePoint ? 0.5 : 0.46) + shot.eyeShift);
  const room = Room.around(canvas, vx, vy);
  const { back } = room;
  const [bw, bh] = [back.right - back.left, back.floor - back.ceiling];
  const focus = shot.focus === 'furniture' ? room.point(-0.2, 0.6, 0.15) : [width / 2, height / 2];
  canvas.setView({ zoom: shot.zoom, cx: focus[0] ?? width / 2, cy: focus[1] ?? height / 2, mirror: shot.mirror });
  const glazed = scene.finish.texture === 'curtain';
  const wall = lit(mix(scene.finish.color, [240, 236, 228], glazed ? 0.6 : 0.15), scene, 1.05);
  const concreteFloor = scene.prompt.includes('concrete floor') || scene.finish.texture === 'formwork';
  const floorColor = lit(concreteFloor ? [150, 150, 146] : scene.finish.texture === 'blocks' ? [215, 210, 200] : [170, 120, 78], scene);
  canvas.polygon([[0, 0], [width, 0], [back.right, back.ceiling], [back.left, back.ceiling]], shade(wall, 1.08));
  canvas.polygon([[0, height], [back.left, back.floor], [back.right, back.floor], [width, height]], floorColor);
  for (let i = 1; i < 10; i += 1) {
    const t = (i / 10) ** 1.6;
    canvas.rect(0, back.floor + (height - back.floor) * t, width, Math.max(1, height / 700), shade(floorColor, 0.85));
  }
  if (!concreteFloor) {
    // Boards run towards the window.
    for (let u = -1; u <= 1; u += 0.125) {
      const [a, b] = [room.point(u, 0), room.point(u * 1.4, 1.2)];
      line(canvas, a[0], a[1], b[0], b[1], Math.max(1, width / 900), shade(floorColor, 0.88));
    }
  }
  canvas.polygon([[0, 0], [back.left, back.ceiling], [back.left, back.floor], [0, height]], shade(wall, onePoint ? 0.84 : 0.78));
  canvas.polygon([[width, 0], [back.right, back.ceiling], [back.right, back.floor], [width, height]], shade(wall, onePoint ? 0.84 : 0.9));
  canvas.rect(back.left, back.ceiling, bw, bh, wall);
  if (!glazed) drawSurface(canvas, { x: back.left, y: back.ceiling, w: bw, h: bh }, scene.finish, wall, scene, scene.random('wall'));
  // The window: sky, and the setting outside it; arched when the prompt asks for arches.
  const arched = scene.objects.has('arches') && !glazed;
  const wx0 = back.left + bw * (glazed ? 0.04 : arched ? 0.3 : 0.18);
  const wx1 = back.right - bw * (glazed ? 0.04 : arched ? 0.3 : 0.18);
  const wy0 = back.ceiling + bh * (glazed ? 0.04 : arched ? 0.3 : 0.14);
  const wy1 = back.floor - bh * (glazed ? 0.04 : 0.3);
  const frame = shade(wall, 0.45);
  const bar = Math.max(2, width * 0.005);
  if (arched) {
    // The arch's lower half lies under the window's rectangle, painted next.
    canvas.disc((wx0 + wx1) / 2, wy0, (wx1 - wx0) / 2 + bar, frame);
    canvas.disc((wx0 + wx1) / 2, wy0, (wx1 - wx0) / 2 - bar * 0.5, scene.sky.top);
  }
  const outside = wy0 + (wy1 - wy0) * 0.62;
  canvas.gradient(wy0, outside, scene.sky.top, scene.sky.horizon, wx0, wx1);
  const land = scene.setting === 'water' ? scene.water : scene.setting === 'snow' || scene.season === 'winter' ? scene.ground.near : lit(scene.ground.far, scene);
  canvas.rect(wx0, outside, wx1 - wx0, wy1 - outside, land);
  if (scene.setting === 'forest') for (let x = wx0; x < wx1 - 10; x += (wx1 - wx0) / 9) drawConifer(canvas, x + 8, outside + 2, (wy1 - wy0) * 0.45, lit(shade(scene.foliage[0], 0.7), scene), scene.season === 'winter');
  if (scene.setting === 'city') {
    const skyline = scene.random('window-skyline');
    for (let x = wx0; x < wx1 - 6; x += (wx1 - wx0) / 7) canvas.rect(x + 2, outside - (wy1 - wy0) * (0.15 + skyline() * 0.3), (wx1 - wx0) / 8, (wy1 - wy0) * 0.6, shade(scene.sky.horizon, 0.6));
  }
  if (scene.sky.sun) canvas.disc(wx0 + (wx1 - wx0) * scene.sky.sun.x, wy0 + (outside - wy0) * scene.sky.sun.y, (wx1 - wx0) * 0.04, scene.sky.sun.color);
  if (!arched) canvas.rect(wx0, wy0, wx1 - wx0, bar, frame);
  canvas.rect(wx0, wy1 - bar, wx1 - wx0, bar, frame);
  for (let i = 0; i <= 3; i += 1) canvas.rect(wx0 + ((wx1 - wx0 - bar) * i) / 3, wy0, bar, wy1 - wy0, frame);
  // Sunlight through the window on the floor, by day.
  if (scene.sky.light > 0.7 && scene.sky.sun) {
    const shift = (0.5 - scene.sky.sun.x) * width * 0.4;
    canvas.polygon([[wx0, back.floor], [wx1, back.floor], [wx1 + shift * 1.4, back.floor + (height - back.floor) * 0.5], [wx0 + shift * 1.4, back.floor + (height - back.floor) * 0.5]], mix(floorColor, [255, 240, 210], 0.35));
  }
  furnish(room, scene, floorColor, wall);
  canvas.setView(null);
  // Weather stays outside: the window's sky already shows it.
  drawWeather(canvas, { ...scene, season: scene.season === 'monsoon' || scene.season === 'rain' || scene.season === 'mist' ? 'summer' : scene.season }, scene.random('weather'));
}
