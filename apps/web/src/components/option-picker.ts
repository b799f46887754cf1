/** antd-mobile's Picker on its own chunk (components/option-field.tsx loads it on the first touch). */
export { Picker } from 'antd-mobile';
