/** The kinds of URL the generator produces (the reference's UrlGeneratorInterface constants). */
export const ReferenceType = {
  /** "https://example.com/dir/file" */
  ABSOLUTE_URL: 'absolute-url',
  /** "/dir/file" (the default) */
  ABSOLUTE_PATH: 'absolute-path',
  /** "../parent-file", relative to the context's path */
  RELATIVE_PATH: 'relative-path',
  /** "//example.com/dir/file", keeping the current scheme */
  NETWORK_PATH: 'network-path',
} as const;

export type ReferenceType = (typeof ReferenceType)[keyof typeof ReferenceType];
