import { useTranslation } from '../../../i18n/react';
import { CAPTION_MAX } from '../../../../common/constants';
import { captionLength } from '../../../../common/caption';
import { TextArea } from '../../../ui/field';
import { StylePicker } from '../../../reference/style-picker';

/** The caption field with its current length (at most 250; the message shows the length). */
export function CaptionField({ value, onChange, disabled }: { value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('gallery');
  const length = captionLength(value);
  const tooLong = length > CAPTION_MAX;
  return (
    <TextArea
      label={t('caption')}
      labelSuffix={t('optional')}
      rows={3}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
      hint={t('captionLength', { length, max: CAPTION_MAX })}
      error={tooLong ? t('captionTooLong', { length, max: CAPTION_MAX }) : undefined}
    />
  );
}

/** The styles of an image, in the small scrolling list of the dialogs. */
export function ImageStylesField({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('gallery');
  return (
    <StylePicker
      dense
      scroll
      legend={t('styles')}
      legendSuffix={`(${t('selectedCount', { count: value.length })})`}
      loadFailedText={t('stylesFailed')}
      value={value}
      onChange={onChange}
    />
  );
}
