export { closeRedis, openRedis, type RedisClient, type RedisClientOptions, type RedisLog } from './client';
export { redisPrefixFor } from './prefix';
