import type { Request } from 'sluice';
import { UploadedFile } from 'sluice';
import type { Event, EventFields } from '../entity/event.ts';
import type { EventImages } from '../image/event-images.ts';

export const TITLE_MAX_LENGTH = 120;

/** What the form shows in its fields: as typed, so an invalid value is shown back as it was. */
export interface EventFormValues {
  title: string;
  venue: string;
  /** `YYYY-MM-DDTHH:MM`, a `datetime-local` input's value, in the server's time zone. */
  startsAt: string;
  description: string;
}

export type EventFormErrors = Partial<Record<keyof EventFormValues | 'image' | 'form', string>>;

export interface SubmitOptions {
  /** Whether the submitted CSRF token (`_token`) is valid for this form. */
  csrfValid: (token: unknown) => Promise<boolean>;
  images: EventImages;
  /** A new event needs an image; an edited one keeps its own when none is sent. */
  imageRequired: boolean;
}

/**
 * The create / edit form of an event: reads the submitted fields (the body must have been
 * parsed), checks them, and says what to store. Nothing is stored by the form; an invalid
 * one is shown again with its errors.
 */
export class EventForm {
  readonly values: EventFormValues;
  readonly errors: EventFormErrors;
  readonly image: UploadedFile | undefined;

  private constructor(values: EventFormValues, errors: EventFormErrors = {}, image?: UploadedFile) {
    this.values = values;
    this.errors = errors;
    this.image = image;
  }

  /** The empty form, or the form filled with an event's values. */
  static of(event?: Event): EventForm {
    if (event === undefined) return new EventForm({ title: '', venue: '', startsAt: '', description: '' });
    return new EventForm({ title: event.title, venue: event.venue, startsAt: toInputValue(event.startsAt), description: event.description });
  }

  static async submit(request: Request, options: SubmitOptions): Promise<EventForm> {
    const form = request.form;
    const values: EventFormValues = {
      title: form.getString('title').trim(),
      venue: form.getString('venue').trim(),
      startsAt: form.getString('starts_at').trim(),
      description: form.getString('description').trim(),
    };
    const errors: EventFormErrors = {};
    if (!(await options.csrfValid(form.get('_token')))) errors.form = 'The form has expired; please submit it again.';
    if (values.title === '') errors.title = 'Enter a title.';
    else if ([...values.title].length > TITLE_MAX_LENGTH) errors.title = `The title cannot be longer than ${TITLE_MAX_LENGTH} characters.`;
    if (values.venue === '') errors.venue = 'Enter a venue.';
    if (fromInputValue(values.startsAt) === undefined) errors.startsAt = 'Enter a valid start date and time.';
    const file = request.files.get('image');
    const image = file instanceof UploadedFile ? file : undefined;
    if (image !== undefined) {
      const problem = await options.images.problemWith(image);
      if (problem !== undefined) errors.image = problem;
    } else if (options.imageRequired) {
      errors.image = 'Choose a JPEG image.';
    }
    return new EventForm(values, errors, image);
  }

  get isValid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  /** The checked values, as an event's fields (the image is stored separately). */
  fields(): Omit<EventFields, 'image'> {
    const startsAt = fromInputValue(this.values.startsAt);
    if (!this.isValid || startsAt === undefined) throw new Error('An invalid form has no fields to store.');
    return { title: this.values.title, venue: this.values.venue, startsAt, description: this.values.description };
  }
}

/** A date as a `datetime-local` value, in the server's time zone. */
export function toInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as a date, or undefined when it is not a real date and time (`2030-02-30T10:00`). */
export function fromInputValue(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  const same = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hours && date.getMinutes() === minutes;
  return same && year >= 1970 && year <= 9999 ? date : undefined;
}
