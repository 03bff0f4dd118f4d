export * from './define';
export * from './registry';
export { PH_MOBILE } from './activities/telephonelogin';
export { packetFill, packetStart } from './activities/redfission';
export * from './vip';
