import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScenePreview, sceneBounds } from './ScenePreview';

const base = { version: 1, versionNonce: 1, isDeleted: false, strokeColor: '#1e1e1e' };
const scene = [
  { ...base, id: 'r', type: 'rectangle', x: 0, y: 0, width: 100, height: 50 },
  {
    ...base,
    id: 'a',
    type: 'arrow',
    x: 100,
    y: 25,
    width: 80,
    height: 0,
    points: [
      [0, 0],
      [80, 0],
    ],
  },
  {
    ...base,
    id: 't',
    type: 'text',
    x: 10,
    y: 60,
    width: 90,
    height: 40,
    text: 'Day 1\nUbud',
    fontSize: 16,
  },
  { ...base, id: 'i', type: 'image', x: 200, y: 0, width: 40, height: 40, fileId: 'f1' },
  {
    ...base,
    id: 'gone',
    type: 'ellipse',
    x: 5000,
    y: 5000,
    width: 10,
    height: 10,
    isDeleted: true,
  },
];

function renderPreview(elements: Record<string, unknown>[]) {
  return render(
    <ScenePreview tripId="t1" widgetId="whiteboard1" elements={elements} label="The drawing" />,
  );
}

describe('ScenePreview', () => {
  it('draws each shape, the text line by line, and pictures from the trip’s own route', () => {
    renderPreview(scene);
    const svg = screen.getByRole('img', { name: 'The drawing' });
    const types = [...svg.querySelectorAll('[data-element-type]')].map((e) =>
      e.getAttribute('data-element-type'),
    );
    expect(types).toEqual(['rectangle', 'arrow', 'text', 'image']);
    expect([...svg.querySelectorAll('tspan')].map((line) => line.textContent)).toEqual([
      'Day 1',
      'Ubud',
    ]);
    expect(svg.querySelector('image')?.getAttribute('href')).toBe(
      '/api/trips/t1/whiteboards/whiteboard1/files/f1',
    );
    // The arrow points with a head of this preview's own.
    const marker = svg.querySelector('marker')!.id;
    expect(svg.querySelector('polyline')?.getAttribute('marker-end')).toBe(`url(#${marker})`);
  });

  it('frames what is drawn, leaving deleted shapes out', () => {
    expect(sceneBounds(scene.filter((e) => !e.isDeleted))).toEqual({
      x: 0,
      y: 0,
      width: 240,
      height: 100,
    });
    renderPreview(scene);
    const [x, y, width, height] = screen
      .getByRole('img')
      .getAttribute('viewBox')!
      .split(' ')
      .map(Number);
    expect(x).toBeLessThan(0);
    expect(y).toBeLessThan(0);
    expect(x! + width!).toBeGreaterThan(240);
    expect(y! + height!).toBeGreaterThan(100);
  });

  describe('a text drawn wider than its stored box', () => {
    // happy-dom lays nothing out: the browser's measure of the text as drawn, given here.
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('is framed whole, not cut off at the box Excalidraw measured in its own font', () => {
      // Stored 90 wide (its box as measured in Excalidraw's font); drawn here 400 wide.
      vi.spyOn(SVGGraphicsElement.prototype, 'getBBox').mockReturnValue(
        new DOMRect(10, 60, 400, 40),
      );
      renderPreview(scene);
      const [x, , width] = screen.getByRole('img').getAttribute('viewBox')!.split(' ').map(Number);
      expect(x! + width!).toBeGreaterThanOrEqual(410);
    });
  });

  it('draws nothing for a scene with nothing on it, and survives fields it does not expect', () => {
    const { container } = renderPreview([{ ...base, id: 'x', type: 'rectangle', isDeleted: true }]);
    expect(container.querySelector('svg')).toBeNull();
    renderPreview([{ ...base, id: 'odd', type: 'line', x: 'left', points: [[0, 0], ['a', 1], 7] }]);
    expect(screen.getByRole('img').querySelectorAll('polyline')).toHaveLength(1);
  });
});
