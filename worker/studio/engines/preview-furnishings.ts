/**
 * The preview engine's furniture and fittings, each in a fixed place of a Room (preview-room.ts)
 * so adding one moves no other: a bookshelf along the left wall, a stair and a fireplace on the
 * right, a sofa, a rug, a dining table under pendants, a bed, desks, a kitchen, plants, columns,
 * a skylight. drawFurnishingIn draws one into any rectangle of a canvas.
 */
import { type Canvas, line, mix, type Rect, type Rgb, shade } from './canvas';
import type { ObjectKind } from './object-reading';
import { woodOf } from './preview-materials';
import { glow, Room } from './preview-room';
import { lit, type Random, type Scene, WINDOW_LIT } from './preview-scene';

function accent(scene: Scene, i: number): Rgb {
  if (i === 0 && scene.bodyColour) return lit(scene.bodyColour, scene);
  return lit(scene.accents[i % scene.accents.length] ?? [150, 130, 110], scene);
}

function bookshelf(room: Room, scene: Scene, side: -1 | 1, s0: number, s1: number, random: Random): void {
  const wood = shade(lit(woodOf(scene).color, scene), 0.7);
  room.wallQuad(side, s0, s1, 0, 0.88, shade(wood, 0.55));
  const levels = 6;
  for (let level = 0; level < levels; level += 1) {
    const h = 0.04 + (level / levels) * 0.84;
    for (let s = s0 + 0.01; s < s1 - 0.012; ) {
      const thick = 0.008 + random() * 0.008;
      const tall = 0.08 + random() * 0.05;
      room.wallQuad(side, s, s + thick * 0.85, h, h + tall, accent(scene, Math.floor(random() * 4)));
      s += thick;
    }
    room.wallQuad(side, s0, s1, h - 0.012, h, wood);
  }
  room.wallQuad(side, s0, s0 + 0.012, 0, 0.88, wood);
  room.wallQuad(side, s1 - 0.012, s1, 0, 0.88, wood);
}

function sofa(room: Room, scene: Scene): void {
  const fabric = accent(scene, 0);
  room.box(-0.8, -0.06, 0.46, 0.5, 0, 0.26, shade(fabric, 0.92));
  room.box(-0.8, -0.06, 0.5, 0.66, 0, 0.12, fabric);
  for (const u of [-0.74, -0.42]) room.box(u, u + 0.3, 0.51, 0.64, 0.12, 0.16, shade(fabric, 1.12));
  room.box(-0.86, -0.78, 0.46, 0.66, 0, 0.18, shade(fabric, 0.85));
  room.box(-0.08, 0, 0.46, 0.66, 0, 0.18, shade(fabric, 0.85));
  room.box(-0.6, -0.2, 0.72, 0.8, 0, 0.08, shade(lit(woodOf(scene).color, scene), 0.8));
}

function rug(room: Room, scene: Scene): void {
  room.floorQuad(-0.78, 0.5, 0.4, 0.94, accent(scene, 3));
  room.floorQuad(-0.7, 0.42, 0.44, 0.9, accent(scene, 2));
  for (let i = 0; i < 5; i += 1) room.floorQuad(-0.7, 0.42, 0.5 + i * 0.08, 0.52 + i * 0.08, shade(accent(scene, 3), 1.1));
}

/** A chair facing the table: a seat, and a back of two posts and a rail on its far side. */
function chair(room: Room, u: number, s0: number, s1: number, backAt: number, color: Rgb): void {
  const legs = shade(color, 0.7);
  for (const post of [u, u + 0.11]) room.box(post, post + 0.02, backAt, backAt + 0.01, 0, 0.34, legs);
  room.box(u, u + 0.13, backAt, backAt + 0.01, 0.27, 0.34, color);
  room.box(u, u + 0.13, s0, s1, 0.12, 0.14, color);
}

function diningTable(room: Room, scene: Scene): void {
  const wood = lit(woodOf(scene).color, scene);
  const seat = lit(mix(woodOf(scene).color, [60, 50, 44], 0.4), scene);
  for (const u of [-0.25, 0.05, 0.35]) chair(room, u, 0.27, 0.33, 0.26, seat);
  for (const [u, s] of [[-0.32, 0.33], [0.54, 0.33], [-0.32, 0.55], [0.54, 0.55]] as const) room.box(u, u + 0.03, s - 0.02, s, 0, 0.22, shade(wood, 0.7));
  room.box(-0.36, 0.6, 0.31, 0.56, 0.22, 0.25, wood);
  for (const u of [-0.25, 0.05, 0.35]) chair(room, u, 0.55, 0.61, 0.61, seat);
}

function pendants(room: Room, scene: Scene): void {
  const shadeColour = lit([48, 48, 52], scene, 1.4);
  const on = scene.sky.lit > 0.2;
  for (const u of [-0.1, 0.35]) {
    const [top, drop] = [room.point(u, 0.42, 1), room.point(u, 0.42, 0.6)];
    line(room.canvas, top[0], top[1], drop[0], drop[1], Math.max(1, room.canvas.width / 700), [30, 30, 32]);
    const r = (room.at(0.42).right - room.at(0.42).left) * 0.05;
    if (on) glow(room.canvas, [drop[0], drop[1] + r * 0.9], r * 0.7, WINDOW_LIT, lit(mix(scene.finish.color, [240, 236, 228], 0.15), scene));
    room.canvas.polygon([[drop[0] - r * 0.3, drop[1]], [drop[0] + r * 0.3, drop[1]], [drop[0] + r, drop[1] + r * 0.8], [drop[0] - r, drop[1] + r * 0.8]], shadeColour);
    room.canvas.rect(drop[0] - r * 0.45, drop[1] + r * 0.8, r * 0.9, r * 0.2, on ? WINDOW_LIT : [230, 225, 210]);
  }
}

function fireplace(room: Room, scene: Scene, random: Random): void {
  const stone = lit([176, 170, 160], scene);
  room.box(0.8, 1, 0.52, 0.8, 0, 1, stone);
  room.canvas.polygon([room.point(0.8, 0.58, 0.05), room.point(0.8, 0.74, 0.05), room.point(0.8, 0.74, 0.32), room.point(0.8, 0.58, 0.32)], [28, 22, 20]);
  for (let i = 0; i < 5; i += 1) {
    const s = 0.61 + i * 0.024;
    const [base, tip] = [room.point(0.8, s, 0.06), room.point(0.8, s + 0.008, 0.14 + random() * 0.1)];
    const half = Math.max(3, Math.abs(room.point(0.8, s + 0.012, 0.06)[0] - base[0]) * 2 + 3);
    room.canvas.polygon([[base[0] - half, base[1]], [tip[0], tip[1]], [base[0] + half, base[1]]], i % 2 === 0 ? [250, 150, 40] : [255, 210, 90]);
  }
  room.box(0.76, 0.8, 0.55, 0.77, 0.33, 0.36, shade(stone, 0.8));
}

function stair(room: Room, scene: Scene): void {
  const tread = lit(woodOf(scene).color, scene);
  const steps = 10;
  for (let i = steps - 1; i >= 0; i -= 1) {
    const s1 = 0.5 - i * 0.042;
    room.box(0.6, 1, s1 - 0.042, s1, 0, (i + 1) * 0.088, i % 2 === 0 ? tread : shade(tread, 0.92));
  }
  const [a, b] = [room.point(0.6, 0.5, 0.3), room.point(0.6, 0.08, 1.06)];
  line(room.canvas, a[0], a[1], b[0], b[1], Math.max(2, room.canvas.width / 400), [40, 40, 44]);
}

function skylight(room: Room, scene: Scene, floor: Rgb): void {
  room.floorQuad(-0.4, 0.3, 0.34, 0.62, mix(floor, [255, 246, 220], 0.3));
  room.ceilingQuad(-0.4, 0.3, 0.2, 0.5, lit([60, 60, 64], scene));
  room.ceilingQuad(-0.37, 0.27, 0.22, 0.48, mix(scene.sky.top, scene.sky.horizon, 0.4));
  room.ceilingQuad(-0.06, -0.04, 0.22, 0.48, lit([60, 60, 64], scene));
}

function plants(room: Room, scene: Scene, random: Random): void {
  const [leaf, alt] = scene.foliage;
  for (const [u, s] of [[-0.94, 0.74], [0.5, 0.16]] as const) {
    room.box(u, u + 0.12, s, s + 0.05, 0, 0.1, lit([180, 110, 80], scene));
    const [x, y] = room.point(u + 0.06, s + 0.025, 0.1);
    const r = (room.at(s).right - room.at(s).left) * 0.05;
    for (let i = 0; i < 6; i += 1) room.canvas.disc(x + (random() - 0.5) * r * 1.6, y - r * (0.4 + random() * 1.4), r * (0.45 + random() * 0.3), lit(random() < 0.4 ? alt : leaf, scene, 0.8 + random() * 0.3));
  }
}

function bed(room: Room, scene: Scene): void {
  room.box(-0.52, 0.52, 0.3, 0.34, 0, 0.32, accent(scene, 0));
  room.box(-0.5, 0.5, 0.34, 0.74, 0, 0.1, shade(accent(scene, 1), 0.9));
  room.box(-0.48, 0.48, 0.34, 0.74, 0.1, 0.15, [236, 234, 228]);
  for (const u of [-0.42, 0.04]) room.box(u, u + 0.38, 0.35, 0.42, 0.15, 0.2, [246, 244, 240]);
  room.box(-0.49, 0.49, 0.5, 0.75, 0.12, 0.17, accent(scene, 2));
}

function desks(room: Room, scene: Scene): void {
  const starts = scene.room === 'office' ? [-0.85, -0.3, 0.25] : [-0.3];
  for (const [i, u] of starts.entries()) {
    const top = accent(scene, i);
    // A screen on an office desk; a library's reading table stays clear.
    if (scene.room === 'office') room.box(u + 0.05, u + 0.3, 0.36, 0.38, 0.24, 0.4, [36, 38, 42]);
    room.box(u, u + 0.5, 0.38, 0.52, 0.2, 0.23, top);
    room.box(u, u + 0.03, 0.38, 0.52, 0, 0.2, shade(top, 0.6));
    room.box(u + 0.47, u + 0.5, 0.38, 0.52, 0, 0.2, shade(top, 0.6));
  }
}

function kitchen(room: Room, scene: Scene): void {
  room.box(-1, 1, 0, 0.07, 0, 0.22, accent(scene, 1));
  room.box(-1, 1, 0, 0.08, 0.22, 0.24, lit([225, 222, 215], scene));
  room.box(-0.45, 0.45, 0.46, 0.62, 0, 0.22, accent(scene, 0));
  room.box(-0.48, 0.48, 0.45, 0.63, 0.22, 0.25, lit([232, 230, 224], scene));
}

function columns(room: Room, scene: Scene): void {
  const pale = lit(mix(scene.finish.color, [232, 228, 218], 0.6), scene);
  for (const u of [-0.62, 0.55]) room.box(u, u + 0.08, 0.4, 0.46, 0, 1, pale);
}

/** A floor lamp in the right-hand corner, in front of what stands against that wall. */
function floorLamp(room: Room, scene: Scene, wall: Rgb): void {
  const [foot, head] = [room.point(0.78, 0.62), room.point(0.78, 0.62, 0.55)];
  room.canvas.rect(foot[0] - 2, head[1], 4, foot[1] - head[1], shade(wall, 0.4));
  const r = room.canvas.width * 0.025;
  if (scene.sky.lit > 0.3) glow(room.canvas, head, r, WINDOW_LIT, wall);
  else room.canvas.disc(head[0], head[1], r, accent(scene, 2));
}

/** Draws the room's furnishings, far to near, after its shell (preview-interior.ts). */
export function furnish(room: Room, scene: Scene, floor: Rgb, wall: Rgb, options: { lamp: boolean } = { lamp: true }): void {
  const has = (kind: ObjectKind) => scene.objects.has(kind);
  const random = (kind: ObjectKind) => scene.random(`object:${kind}`);
  if (has('rug')) rug(room, scene);
  if (has('skylight')) skylight(room, scene, floor);
  if (has('kitchen')) kitchen(room, scene);
  if (has('bookshelf')) {
    bookshelf(room, scene, -1, 0.08, 0.62, random('bookshelf'));
    if (scene.room === 'library' && !has('stair')) bookshelf(room, scene, 1, 0.08, 0.5, random('bookshelf'));
  }
  if (has('stair')) stair(room, scene);
  if (has('fireplace')) fireplace(room, scene, random('fireplace'));
  if (has('columns')) columns(room, scene);
  if (has('plants')) plants(room, scene, random('plants'));
  if (has('dining-table')) diningTable(room, scene);
  if (has('desk')) desks(room, scene);
  if (has('bed')) bed(room, scene);
  if (has('sofa')) sofa(room, scene);
  if (options.lamp) floorLamp(room, scene, wall);
  if (has('pendant')) pendants(room, scene);
}

/** One furnishing drawn into `rect` as seen in a small room of that size (a region being redrawn). */
export function drawFurnishingIn(canvas: Canvas, rect: Rect, kind: ObjectKind, scene: Scene): void {
  const room = Room.around(canvas, rect.x + rect.w / 2, rect.y + rect.h * 0.45, { left: rect.x, right: rect.x + rect.w, ceiling: rect.y, floor: rect.y + rect.h });
  furnish(room, { ...scene, objects: new Set([kind]) }, lit([170, 120, 78], scene), lit(scene.finish.color, scene), { lamp: false });
}
