/** A missing or bad setting: the start stops with its message (`loadConfig`). */
export class ConfigError extends Error {}
