import clsx, { type ClassValue } from 'clsx';

/** Joins class names; conditional parts may be false or undefined. */
export function cn(...parts: ClassValue[]): string {
  return clsx(parts);
}
