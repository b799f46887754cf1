import QRCode from 'qrcode';

/**
 * A link as a QR code PNG data URL. Error correction M survives a creased printout; 8 px modules stay sharp
 * on a phone's screen.
 */
export const qrPngDataUrl = (link: string) =>
  QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, scale: 8 });
