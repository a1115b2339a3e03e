import NativeSelect from '@mui/material/NativeSelect';
import { FONT_FAMILIES } from '@memories/editor-schema';
import type { Editor } from '@tiptap/core';

const DEFAULT_FONT = '';

/** The font family picker (spec section 2): the eight families of the schema, or the default font. */
export function FontFamilySelect({ editor, value }: { editor: Editor; value: string | null }) {
  const known = value !== null && (FONT_FAMILIES as readonly string[]).includes(value);
  return (
    <NativeSelect
      value={known ? value : DEFAULT_FONT}
      onChange={(event) => {
        const family = event.target.value;
        const chain = editor.chain().focus();
        (family === DEFAULT_FONT ? chain.unsetFontFamily() : chain.setFontFamily(family)).run();
      }}
      inputProps={{ 'aria-label': 'Font Family', title: 'Font Family' }}
      sx={{ mx: 0.5, minWidth: 132, fontSize: 14, '& select': { py: 0.75 } }}
    >
      <option value={DEFAULT_FONT}>Default font</option>
      {FONT_FAMILIES.map((family) => (
        <option key={family} value={family} style={{ fontFamily: family }}>
          {family}
        </option>
      ))}
    </NativeSelect>
  );
}
