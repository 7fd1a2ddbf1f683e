import { css } from 'styled-system/css';
import { alertBox } from '../../ui/alert';

/** The look shared by the account page and its two forms. */
export const accountStyles = {
  page: css({ display: 'grid', gap: '6', alignContent: 'start' }),
  section: css({ display: 'grid', gap: '4' }),
  heading: css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'semibold' }),
  form: css({ display: 'grid', gap: '4' }),
  current: css({ overflowWrap: 'anywhere' }),
  label: css({ fontSize: 'sm', color: 'fg.muted' }),
  address: css({ fontWeight: 'semibold', overflowWrap: 'anywhere' }),
  alert: alertBox,
  notice: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'success.border',
    bg: 'success.subtle',
    color: 'success.text',
    fontSize: 'sm',
    overflowWrap: 'anywhere',
  }),
  submit: css({ justifySelf: { base: 'stretch', sm: 'start' } }),
};
