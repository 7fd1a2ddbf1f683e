import { css } from 'styled-system/css';
import {
  fillReplyTemplate,
  SAMPLE_DEMO_LINK,
  SAMPLE_FIRST_NAME,
  type AutoReplySettings,
} from '../../lib/reply-template';

const styles = {
  section: css({ display: 'grid', gap: '2' }),
  title: css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'md' }),
  hint: css({ fontSize: 'sm', color: 'fg.muted' }),
  preview: css({
    p: '4',
    bg: 'bg.muted',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontSize: 'sm',
    maxH: '80',
    overflowY: 'auto',
  }),
};

/** The sample reply of the preview: the same filling as the real one (first occurrences only). */
export const previewOf = (values: AutoReplySettings) =>
  fillReplyTemplate(values.reply_template, {
    first_name: SAMPLE_FIRST_NAME,
    demo_link: values.demo_link.trim() || SAMPLE_DEMO_LINK,
  });

/** What a sender would receive with the settings as typed, a sample link standing in for a missing one. */
export function ReplyPreview({ values }: { values: AutoReplySettings }) {
  return (
    <section aria-labelledby="reply-preview" className={styles.section}>
      <h3 id="reply-preview" className={styles.title}>
        Preview
      </h3>
      <p className={styles.hint}>
        What {SAMPLE_FIRST_NAME} would receive
        {values.demo_link.trim() ? '' : ' (with a sample link until you enter yours)'}:
      </p>
      <div className={styles.preview} data-testid="reply-preview">
        {previewOf(values)}
      </div>
    </section>
  );
}
