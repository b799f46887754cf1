export { callTencentCloud, TencentCloudError } from './tencent-cloud.ts';
export type {
  TencentCloudCall,
  TencentCloudConnection,
  TencentCloudErrorDetails,
  TencentTransportCode,
} from './tencent-cloud.ts';
export { tc3Authorization } from './tc3-sign.ts';
export type { Tc3SignInput } from './tc3-sign.ts';
