export * from './define';
export * from './registry';
export { PH_MOBILE } from './activities/telephonelogin';
export * from './vip';
