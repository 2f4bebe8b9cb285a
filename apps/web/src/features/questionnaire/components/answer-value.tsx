import { Anchor, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPE, type AnswerValue } from '@lea/shared';
import { HtmlContent } from '../../../shell/html-content';

/** Long text is the editor's HTML; an answer typed before the editor existed may be plain text. */
const HTML_TAG = /<\/?[a-z][^>]*>/i;

/** An answer as read-only text: dates as dd/mm/yyyy, choices joined, files as links (signed for the reader by the server). */
export function AnswerValueText({ type, value }: { type: number; value: AnswerValue }) {
  const { t, i18n } = useTranslation('questionnaire');
  if (value === null || (Array.isArray(value) && value.length === 0) || value === '') {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('answers.empty')}
      </Text>
    );
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    return (
      <Anchor href={value.url} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value.originalName}
      </Anchor>
    );
  }
  if (typeof value === 'string' && type === FIELD_TYPE.longText && HTML_TAG.test(value)) return <HtmlContent html={value} />;
  let text: string;
  if (Array.isArray(value)) text = value.join(', ');
  else if (typeof value === 'number') text = value.toLocaleString(i18n.language);
  else if (type === FIELD_TYPE.date && dayjs(value).isValid()) text = dayjs(value).format('DD/MM/YYYY');
  else if (type === FIELD_TYPE.dateTime && dayjs(value).isValid()) text = dayjs(value).format('DD/MM/YYYY HH:mm');
  else text = value;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
