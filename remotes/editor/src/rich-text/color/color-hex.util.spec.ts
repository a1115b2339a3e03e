import { isHexColor, toHexColor } from './color-hex.util';

describe('colour hex text', () => {
  it.each(['#000000', '#a1B2c3', '#FFFFFF'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each(['', '000000', '#fff', '#12345', '#1234567', '#12345g', ' #123456', 'red', 'rgb(0,0,0)', '#123456;x'])(
    'refuses %p',
    (value) => {
      expect(isHexColor(value)).toBe(false);
    },
  );

  it('reads a stored colour as #rrggbb for the native input, or nothing', () => {
    expect(toHexColor('#ABCDEF')).toBe('#abcdef');
    expect(toHexColor('#abc')).toBe('#aabbcc');
    expect(toHexColor('rgb(1, 2, 3)')).toBeNull();
    expect(toHexColor(undefined)).toBeNull();
  });
});
