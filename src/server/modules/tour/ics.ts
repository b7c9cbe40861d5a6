import { addDays } from '../../../common/schemas/listing-fields';

// iCalendar (RFC 5545) written here rather than with a library: the feeds need all-day events
// with a handful of properties, and the rules that matter are few (CRLF lines folded at 75
// octets, text escaping, DATE values with an exclusive end). The tests read every feed back with
// ical.js, so a slip in these rules fails there.

/** One all-day event: `start` and `end` are the first and the last day (yyyy-mm-dd), both inclusive. */
export interface CalendarEvent {
  /** Stable across edits of the event: the same stay or listing always has the same UID. */
  uid: string;
  start: string;
  end: string;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string;
  /** When the row behind the event last changed (ISO 8601), for LAST-MODIFIED. */
  updatedAt?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

export interface Calendar {
  /** The calendar's name as calendar apps show it (X-WR-CALNAME). */
  name: string;
  events: CalendarEvent[];
}

/** Text as a TEXT value holds it: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets (continuations start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const dateValue = (day: string) => day.replace(/-/g, '');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '').replace(/Z?$/, 'Z');

/** The feed as text/calendar, every line ending in CRLF. */
export function writeCalendar(calendar: Calendar, now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tattoo Guest Spots//Tour//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  const dtstamp = stamp(now.toISOString());
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${dateValue(event.start)}`,
      // DTEND of an all-day event is the day after the last one.
      `DTEND;VALUE=DATE:${dateValue(addDays(event.end, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      'TRANSP:TRANSPARENT',
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.updatedAt) lines.push(`LAST-MODIFIED:${stamp(new Date(event.updatedAt).toISOString())}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
