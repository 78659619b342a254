import type { Profile } from '../../../profiler/profile.ts';

/** The query of a panel page (`?panel=logs&level=ERROR`), as plain strings. */
export type PanelQuery = Readonly<Record<string, string | undefined>>;

/** One entry of a profile page's menu and the page it shows. */
export interface Panel {
  readonly id: string;
  readonly label: string;
  /** A number shown beside the label (errors, listeners...), or undefined for none. */
  count?(profile: Profile): { value: number; status?: string } | undefined;
  render(profile: Profile, query: PanelQuery): string;
}
