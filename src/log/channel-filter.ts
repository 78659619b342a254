import { SluiceError } from '../exception/sluice-error.ts';
/** Accepts or refuses a channel by name. */
export type ChannelFilter = (channel: string) => boolean;

const acceptAll: ChannelFilter = () => true;

/**
 * Monolog's channel syntax: `['request', 'php']` keeps only those channels, `['!event']`
 * keeps every channel but those. Mixing the two forms has no clear meaning, so it is refused.
 */
export function channelFilter(channels: readonly string[] | undefined): ChannelFilter {
  if (channels === undefined || channels.length === 0) return acceptAll;
  const excluded = channels.filter((name) => name.startsWith('!'));
  if (excluded.length === channels.length) {
    const names = new Set(excluded.map((name) => name.slice(1)));
    return (channel) => !names.has(channel);
  }
  if (excluded.length > 0) {
    throw new SluiceError('SLUICE_MIXED_LOG_CHANNELS', { channels: channels.join(', ') });
  }
  const names = new Set(channels);
  return (channel) => names.has(channel);
}
