/*
 * Every image viewer's classNames: antd-mobile draws its mask 75 % black in an inline style, through which the
 * page header's title shows behind the viewer's counter (issue 39.16); index.css makes .crm-viewer-mask opaque.
 */
export const VIEWER_CLASS_NAMES = { mask: 'crm-viewer-mask' } as const;
