export const componentTexts = {
  underConstruction: '功能建设中',
  underConstructionHint: '该功能正在建设中，敬请期待',
  goHome: '回到首页',
};
