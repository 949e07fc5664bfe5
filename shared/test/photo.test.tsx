import { render } from '@testing-library/react';
import { SquarePhoto, squareSources } from '../src/ui/photo';

const CDN = '/api/images/';
const T = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_t.jpg';
const L = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg';

describe('SquarePhoto', () => {
  it('offers WebP first and JPEG to other browsers, thumbnail and large version by the width they fill a square with', () => {
    const { container } = render(
      <SquarePhoto cdnPrefix={CDN} image={{ thumb_filename: T, large: { filename: L, width: 900, height: 600 }, formats: ['webp'] }} sizes="50vw" alt="Photo of Ada" />,
    );
    const source = container.querySelector('picture > source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    // A 900×600 photo fills a 600 px square (object-fit: cover scales by the short side).
    expect(source.getAttribute('srcset')).toBe(`${CDN}${T.replace('.jpg', '.webp')} 320w, ${CDN}${L.replace('.jpg', '.webp')} 600w`);
    expect(source.getAttribute('sizes')).toBe('50vw');
    const img = container.querySelector('picture > img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${CDN}${T}`);
    expect(img.getAttribute('srcset')).toBe(`${CDN}${T} 320w, ${CDN}${L} 600w`);
    expect(img.getAttribute('sizes')).toBe('50vw');
    expect(img.alt).toBe('Photo of Ada');
    // Space reserved before the file arrives; never wider or taller than the photo's 600 px.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['320', '320']);
    expect([img.style.maxWidth, img.style.maxHeight]).toEqual(['600px', '600px']);
  });

  it('a photo stored before (no formats, no size) is its JPEG thumbnail only, never shown above 320 px', () => {
    const { container } = render(<SquarePhoto cdnPrefix={CDN} image={{ thumb_filename: T }} sizes="50vw" alt="" px={48} />);
    expect(container.querySelector('source')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`${CDN}${T}`);
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect([img.getAttribute('width'), img.style.maxWidth]).toEqual(['48', '320px']);
  });

  it('a large version no bigger than the thumbnail’s square is not offered', () => {
    const sources = squareSources(CDN, { thumb_filename: T, large: { filename: L, width: 300, height: 500 }, formats: ['webp'] });
    expect(sources.srcSet).toBeUndefined();
    expect(sources.sources).toEqual([{ type: 'image/webp', srcSet: `${CDN}${T.replace('.jpg', '.webp')}` }]);
    expect(sources.side).toBe(320);
  });
});
