/** Spec section 5: the hex text of the colour pickers is accepted only as # followed by six hex digits. */
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** `#RRGGBB` of a stored colour when it has that form (the native colour input accepts nothing else), else null. */
export function toHexColor(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (isHexColor(trimmed)) return trimmed.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(trimmed);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null;
}
