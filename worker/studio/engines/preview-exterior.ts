/** The preview engine's exteriors: sky, setting, masses and the objects around them, through the shot's camera. */
import { type Canvas, mix, type Rect, shade } from './canvas';
import { drawBridge, drawMass, drawTreehouse, entranceOf, type Mass, planMasses, type View, viewFor } from './preview-buildings';
import { drawBackground, drawForeground, drawGround, drawMistBehind, drawSky, drawWeather } from './preview-landscape';
import { drawGreenRoof, drawObject, drawSkylights, drawSolar } from './preview-objects';
import { type Layer, type Placement, placeObjects } from './preview-placement';
import { lit, type Scene } from './preview-scene';

function drawPlaced(canvas: Canvas, placements: readonly Placement[], layer: Layer, scene: Scene): void {
  for (const placement of placements) {
    if (placement.layer !== layer) continue;
    const { roof, kind } = placement;
    if (roof && kind === 'solar') drawSolar(canvas, roof, scene);
    else if (roof && kind === 'green-roof') drawGreenRoof(canvas, roof, scene, scene.random('object:green-roof'));
    else if (roof && kind === 'skylight') drawSkylights(canvas, roof, scene);
    else drawObject(canvas, placement.rect, kind, scene);
  }
}

/**
 * The bounds of the masses and the garden in front of them, where objects stand. Objects do not
 * count, so adding one never reframes the picture.
 */
function subjectOf(canvas: Canvas, masses: readonly Mass[], view: View, base: number): Rect {
  const { width, height } = canvas;
  if (masses.length === 0) return { x: 0, y: base - height * 0.5, w: width, h: height * 0.5 };
  const tops = masses.map((mass) => mass.base - mass.height - mass.depth * view.lift - (mass.roof === 'gable' || mass.roof === 'spire' ? mass.height * 0.9 : mass.height * 0.15));
  const x = Math.max(0, Math.min(...masses.map((mass) => mass.x)) - width * 0.08);
  const right = Math.min(width, Math.max(...masses.map((mass) => mass.x + mass.width + mass.depth)) + width * 0.08);
  const y = Math.min(...tops);
  return { x, y, w: right - x, h: Math.min(height, base + height * 0.16) - y };
}

/** Where the ground line and the horizon lie for the shot's camera. */
function groundOf(scene: Scene, height: number): { horizon: number; base: number } {
  const { camera, eyeShift } = scene.shot;
  if (camera === 'axonometric') return { horizon: 0, base: height * 0.72 };
  const eye = camera === 'aerial' ? 0.2 : camera === 'worm' ? 0.9 : camera === 'one-point' ? 0.5 : 0.56 + scene.random('horizon')() * 0.1;
  const horizon = height * ((camera === 'eye' && scene.horizon !== null ? scene.horizon : eye) + eyeShift);
  const base = camera === 'aerial' ? height * 0.72 : camera === 'worm' ? height * 0.97 : Math.min(height * 0.92, horizon + height * 0.12);
  return { horizon, base };
}

export function renderExterior(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const { shot } = scene;
  const view = viewFor(shot.camera);
  const { horizon, base } = groundOf(scene, height);
  const masses = planMasses(canvas, scene, base, view);
  const main: Mass | undefined = masses[0];
  const placements = placeObjects(canvas, scene, masses, base, view);
  const door = main ? entranceOf(main, canvas) : null;
  const subject = subjectOf(canvas, masses, view, base);
  // Frame the building and what stands around it: closer when it is small in the picture.
  const fit = Math.max(1, Math.min(1.45, (width * 0.8) / subject.w, (height * 0.75) / subject.h));
  const focus = shot.focus === 'entrance' && door ? [door.x + door.w / 2, door.y] : [subject.x + subject.w / 2, subject.y + subject.h * 0.55];
  canvas.setView({ zoom: shot.zoom * fit, cx: focus[0] ?? width / 2, cy: focus[1] ?? height / 2, mirror: shot.mirror });
  if (shot.camera === 'axonometric') {
    // No horizon: a drawing on a pale ground, the site as a plate.
    canvas.gradient(0, height, [238, 238, 234], [214, 218, 224]);
    const plate = lit(scene.ground.near, scene);
    canvas.polygon([[width * 0.06, base + height * 0.06], [width * 0.2, base - height * 0.18], [width * 0.96, base - height * 0.18], [width * 0.82, base + height * 0.06]], plate);
    canvas.polygon([[width * 0.06, base + height * 0.06], [width * 0.82, base + height * 0.06], [width * 0.82, base + height * 0.09], [width * 0.06, base + height * 0.09]], shade(plate, 0.6));
  } else {
    drawSky(canvas, scene, horizon, scene.random('stars'));
    drawBackground(canvas, scene, horizon, scene.random('background'), scene.random('skyline'));
    drawGround(canvas, scene, horizon, base);
    drawMistBehind(canvas, scene, horizon);
    if (shot.camera === 'aerial') {
      // From above, the neighbourhood shows as a grid of plots and paths.
      for (let y = horizon + height * 0.05; y < height; y += height * 0.09) canvas.rect(0, y, width, Math.max(2, height * 0.006), lit(mix(scene.ground.near, [200, 195, 185], 0.5), scene));
    }
  }
  drawPlaced(canvas, placements, 'behind', scene);
  if (scene.building === 'bridge') drawBridge(canvas, scene, base);
  if (scene.building === 'treehouse') drawTreehouse(canvas, scene, base);
  const shadowTone = scene.setting === 'water' ? shade(scene.water, 0.7) : shade(lit(scene.ground.near, scene), 0.65);
  for (const mass of masses) {
    if (scene.setting === 'water' && shot.camera !== 'axonometric') {
      canvas.rect(mass.x, base + height * 0.025, mass.width, Math.min(mass.height * 0.6, height - base), mix(lit(mass.finish.color, scene), scene.water, 0.6));
    } else if (scene.sky.sun && shot.camera !== 'axonometric') {
      const reach = mass.height * 0.3;
      canvas.polygon([[mass.x, base], [mass.x + mass.width, base], [mass.x + mass.width - reach * (scene.sky.sun.x - 0.5), base + reach * 0.25], [mass.x - reach * (scene.sky.sun.x - 0.5), base + reach * 0.25]], shadowTone);
    }
  }
  for (const [index, mass] of masses.entries()) drawMass(canvas, mass, scene, view, scene.random(`windows:${index}`), scene.random(`surface:${index}`));
  drawPlaced(canvas, placements, 'on', scene);
  if (shot.camera !== 'axonometric' && !scene.removed.has('trees')) drawForeground(canvas, scene, base, scene.random('foreground'));
  drawPlaced(canvas, placements, 'front', scene);
  canvas.setView(null);
  drawWeather(canvas, scene, scene.random('weather'));
}
