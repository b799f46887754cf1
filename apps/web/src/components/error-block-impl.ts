/** antd-mobile's ErrorBlock on its own chunk (components/state-block.tsx says why). */
export { ErrorBlock } from 'antd-mobile';
