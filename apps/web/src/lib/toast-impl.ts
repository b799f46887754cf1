// Loaded on demand by toast.ts: antd-mobile's Toast brings its animation library (~17 KB gzipped).
export { Toast } from 'antd-mobile';
