import { describe, expect, it } from 'vitest';
import { readObjects } from '../../../../worker/studio/engines/object-reading';
import { readPrompt, readTexts } from '../../../../worker/studio/engines/scene-reading';

describe('the preview reads which objects a prompt asks for or takes away', () => {
  it('finds the objects an architect names, inside and out', () => {
    expect(readObjects('a timber house with a veranda, a pergola and a plunge pool, solar panels on the roof')).toEqual({ veranda: true, pergola: true, pool: true, solar: true });
    expect(readObjects('a reading room with bookshelves, a fireplace, a rug and pendant lights')).toEqual({ bookshelf: true, fireplace: true, rug: true, pendant: true });
  });

  it('takes away what follows a removing word until something is asked for again', () => {
    expect(readObjects('remove the car and the bicycle')).toEqual({ car: false, bicycle: false });
    expect(readObjects('remove the car and add a pergola')).toEqual({ car: false, pergola: true });
    expect(readObjects('a house without trees, with a pool')).toEqual({ trees: false, pool: true });
    expect(readObjects('replace the sofa with a daybed')).toEqual({ sofa: true });
    expect(readObjects('no car. A green roof')).toEqual({ car: false, 'green-roof': true });
  });

  it('reads a bamboo grove as planting and bamboo alone as the material', () => {
    expect(readPrompt('a brick house beside a bamboo grove')).toMatchObject({ material: 'brick', materials: ['brick'], setting: null, objects: { 'bamboo-grove': true } });
    expect(readPrompt('a bamboo pavilion with a brick base')).toMatchObject({ material: 'bamboo', materials: ['bamboo', 'brick'] });
  });

  it('lets a refinement change the main material, add and remove objects, and keep the rest', () => {
    const reading = readTexts(['A concrete house with oak decking and a parked car', 'Make it brick, remove the car and add a pergola']);
    expect(reading.materials).toEqual(['brick', 'timber']);
    expect(reading.objects).toEqual({ veranda: true, car: false, pergola: true });
    expect(readTexts(['A concrete house', 'replace the concrete with brick']).materials).toEqual(['brick']);
  });
});
