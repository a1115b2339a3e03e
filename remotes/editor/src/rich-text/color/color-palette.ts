export interface ColorGroup {
  name: string;
  colors: readonly { name: string; value: string }[];
}

/** The palette groups of the colour pickers (spec section 2), each colour named for screen readers and tooltips. */
export const COLOR_GROUPS: readonly ColorGroup[] = [
  {
    name: 'Basic',
    colors: [
      { name: 'Black', value: '#000000' },
      { name: 'White', value: '#ffffff' },
      { name: 'Red', value: '#ff0000' },
      { name: 'Orange', value: '#ff9900' },
      { name: 'Yellow', value: '#ffff00' },
      { name: 'Green', value: '#00ff00' },
      { name: 'Blue', value: '#0000ff' },
      { name: 'Purple', value: '#9900ff' },
    ],
  },
  {
    name: 'Grays',
    colors: [
      { name: 'Dark gray 4', value: '#262626' },
      { name: 'Dark gray 3', value: '#434343' },
      { name: 'Dark gray 2', value: '#666666' },
      { name: 'Gray', value: '#999999' },
      { name: 'Light gray 1', value: '#b7b7b7' },
      { name: 'Light gray 2', value: '#cccccc' },
      { name: 'Light gray 3', value: '#e7e7e7' },
      { name: 'Light gray 4', value: '#f3f3f3' },
    ],
  },
  {
    name: 'Reds',
    colors: [
      { name: 'Dark red 3', value: '#5b0f00' },
      { name: 'Dark red 2', value: '#85200c' },
      { name: 'Dark red 1', value: '#a61c00' },
      { name: 'Crimson', value: '#cc0000' },
      { name: 'Light red 1', value: '#e06666' },
      { name: 'Light red 2', value: '#ea9999' },
      { name: 'Light red 3', value: '#f4cccc' },
    ],
  },
  {
    name: 'Blues',
    colors: [
      { name: 'Dark blue 3', value: '#073763' },
      { name: 'Dark blue 2', value: '#0b5394' },
      { name: 'Dark blue 1', value: '#1155cc' },
      { name: 'Cornflower blue', value: '#3c78d8' },
      { name: 'Light blue 1', value: '#6fa8dc' },
      { name: 'Light blue 2', value: '#9fc5e8' },
      { name: 'Light blue 3', value: '#cfe2f3' },
    ],
  },
  {
    name: 'Greens',
    colors: [
      { name: 'Dark green 3', value: '#274e13' },
      { name: 'Dark green 2', value: '#38761d' },
      { name: 'Dark green 1', value: '#6aa84f' },
      { name: 'Medium green', value: '#93c47d' },
      { name: 'Light green 1', value: '#b6d7a8' },
      { name: 'Light green 2', value: '#d9ead3' },
    ],
  },
  {
    name: 'Yellows',
    colors: [
      { name: 'Dark yellow 3', value: '#7f6000' },
      { name: 'Dark yellow 2', value: '#bf9000' },
      { name: 'Dark yellow 1', value: '#f1c232' },
      { name: 'Light yellow 1', value: '#ffd966' },
      { name: 'Light yellow 2', value: '#ffe599' },
      { name: 'Light yellow 3', value: '#fff2cc' },
    ],
  },
];
