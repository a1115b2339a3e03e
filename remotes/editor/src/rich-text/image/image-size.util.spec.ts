import { insertedImageWidth, maxResizeWidth, resizedWidth, type ResizeInput } from './image-size.util';

const drag = (input: Partial<ResizeInput>): number =>
  resizedWidth({ handle: 'e', startWidth: 400, startHeight: 200, dx: 0, dy: 0, parentWidth: 1000, ...input });

describe('image sizes', () => {
  it('inserts an image at its natural width, capped at 600 px', () => {
    expect(insertedImageWidth(320)).toBe(320);
    expect(insertedImageWidth(600)).toBe(600);
    expect(insertedImageWidth(4032)).toBe(600);
    expect(insertedImageWidth(0)).toBeNull();
    expect(insertedImageWidth(null)).toBeNull();
  });

  it('allows at most 800 px, or the column when it is narrower', () => {
    expect(maxResizeWidth(1200)).toBe(800);
    expect(maxResizeWidth(640.6)).toBe(640);
    expect(maxResizeWidth(null)).toBe(800);
  });

  it('follows the pointer from side and corner handles, growing to the left from west handles', () => {
    expect(drag({ handle: 'e', dx: 50 })).toBe(450);
    expect(drag({ handle: 'se', dx: -50 })).toBe(350);
    expect(drag({ handle: 'w', dx: -50 })).toBe(450);
    expect(drag({ handle: 'nw', dx: 30 })).toBe(370);
  });

  it('stops side drags at 100 px wide and every drag at min(800, column)', () => {
    expect(drag({ handle: 'e', dx: -390 })).toBe(100);
    expect(drag({ handle: 'e', dx: 900 })).toBe(800);
    expect(drag({ handle: 'e', dx: 900, parentWidth: 500 })).toBe(500);
  });

  it('keeps the aspect ratio from north/south handles and stops them at 50 px high', () => {
    expect(drag({ handle: 's', dy: 50 })).toBe(500);
    expect(drag({ handle: 'n', dy: 50 })).toBe(300);
    // 2:1, 50 px high is 100 px wide.
    expect(drag({ handle: 's', dy: -500 })).toBe(100);
    expect(drag({ handle: 's', startWidth: 300, startHeight: 300, dy: -500 })).toBe(50);
    expect(drag({ handle: 'n', dy: -1000, parentWidth: 700 })).toBe(700);
  });
});
