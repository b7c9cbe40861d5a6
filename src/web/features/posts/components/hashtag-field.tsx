import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { HASHTAG_MAX_LENGTH, HASHTAG_PATTERN, HASHTAGS_MAX } from '../../../../common/schemas/instagram';
import { controlClasses } from '../../../ui/field';

/** Splits typed text into tags: '#' in front is optional, spaces, commas and further '#' separate them. */
export function splitTags(text: string): string[] {
  return text
    .split(/[\s,#]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Why a typed tag cannot join the list, as a key of the posts namespace's `validation`; null when it can. */
export function tagProblem(tag: string, tags: readonly string[]): string | null {
  if (!HASHTAG_PATTERN.test(tag)) return 'hashtagInvalid';
  if (tags.some((other) => other.toLowerCase() === tag.toLowerCase())) return 'hashtagDuplicate';
  if (tags.length >= HASHTAGS_MAX) return 'hashtagsTooMany';
  return null;
}

/**
 * The hashtags as chips: typed with or without '#', added on Enter, comma, space or leaving the
 * field; a tag that breaks a rule stays in the input with the reason under it. Backspace in the
 * empty input takes the last chip back for editing.
 */
export function HashtagField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  /** The form's error for the whole list (from the schema). */
  error?: string;
}) {
  const { t } = useTranslation('posts');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const errorId = useId();
  const counterId = useId();

  /** Adds the complete tags of `text`; answers what is left in the input (the first refused tag onwards). */
  const commit = (text: string): string => {
    const tags = [...value];
    const pieces = splitTags(text);
    let refused: string | null = null;
    let rest: string[] = [];
    for (const [index, tag] of pieces.entries()) {
      const why = tagProblem(tag, tags);
      if (why) {
        refused = why;
        rest = pieces.slice(index);
        break;
      }
      tags.push(tag);
    }
    if (tags.length !== value.length) onChange(tags);
    setProblem(refused);
    return rest.join(' ');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      setDraft(commit(draft));
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      const last = value[value.length - 1] as string;
      onChange(value.slice(0, -1));
      setDraft(last);
    }
  };

  const onType = (text: string) => {
    setProblem(null);
    // A space or comma ends a tag; a pasted list ends all but its last one.
    const cut = Math.max(text.lastIndexOf(' '), text.lastIndexOf(','), text.lastIndexOf('\n'));
    if (cut === -1) {
      setDraft(text);
      return;
    }
    const left = commit(text.slice(0, cut));
    setDraft(left ? `${left} ${text.slice(cut + 1)}` : text.slice(cut + 1));
  };

  const shownError = problem ? t(`validation.${problem}`, { max: HASHTAGS_MAX, length: HASHTAG_MAX_LENGTH }) : error;
  const over = value.length > HASHTAGS_MAX;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        <span className="ml-1 font-normal text-ink-muted">{t('form.optional')}</span>
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('form.hashtagList')}>
          {value.map((tag, index) => (
            <li key={tag} className="inline-flex max-w-full items-center gap-1 rounded bg-sunken py-0.5 pr-0.5 pl-2 text-sm font-semibold">
              <span className="break-all">#{tag}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded hover:bg-surface"
                aria-label={t('form.removeHashtag', { tag })}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="enter"
        value={draft}
        placeholder={t('form.hashtagPlaceholder')}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft.trim()) setDraft(commit(draft));
          onBlur();
        }}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[shownError ? errorId : null, counterId, hintId].filter(Boolean).join(' ')}
        className={controlClasses(Boolean(shownError), 'min-h-11')}
      />
      <p id={counterId} className={over ? 'text-sm font-semibold text-danger' : 'text-sm text-ink-muted'}>
        {t('form.hashtagCount', { count: value.length, max: HASHTAGS_MAX })}
      </p>
      <p id={hintId} className="text-sm text-ink-muted">
        {t('form.hashtagRules', { length: HASHTAG_MAX_LENGTH, max: HASHTAGS_MAX })}
      </p>
      {shownError && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {shownError}
        </p>
      )}
    </div>
  );
}
