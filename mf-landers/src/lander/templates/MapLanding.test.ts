import { placeLabels } from './MapLanding';

/** The box a label covers, as placeLabels estimates it (34 px bold, ~0.7 em a character). */
function box(l: { text: string; x: number; y: number; anchor: string }) {
  const w = l.text.length * 34 * 0.7;
  const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { left, right: left + w, top: l.y - 34 * 0.8, bottom: l.y + 34 * 0.25 };
}

describe('the map lander\'s city labels', () => {
  // The Randstad: four big towns within a label's width of each other.
  const cities = [
    { city: 'Amsterdam', count: 120, x: 300, y: 300 },
    { city: 'Haarlem', count: 80, x: 250, y: 310 },
    { city: 'Utrecht', count: 70, x: 360, y: 380 },
    { city: 'Leiden', count: 40, x: 230, y: 360 },
    { city: 'Groningen', count: 30, x: 700, y: 40 },
  ];

  it('never lie over each other, even where towns are close together', () => {
    const labels = placeLabels(cities, 800, 900);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    const boxes = labels.map(box);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
      }
    }
  });

  it('name the biggest city first, right of its dot, and keep every label inside the map', () => {
    const labels = placeLabels(cities, 800, 900);
    expect(labels[0]).toMatchObject({ city: 'Amsterdam', text: 'Amsterdam · 120', anchor: 'start' });
    // Groningen sits at the map's right edge: its label goes left of the dot or below it, not off the map.
    const groningen = labels.find((l) => l.city === 'Groningen');
    expect(groningen).toBeDefined();
    expect(box(groningen!).right).toBeLessThanOrEqual(830);
  });

  it('name at most six cities', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ city: `Town ${i}`, count: 10, x: 100 + (i % 3) * 400, y: 100 + Math.floor(i / 3) * 200 }));
    expect(placeLabels(many, 1400, 1000)).toHaveLength(6);
  });
});
