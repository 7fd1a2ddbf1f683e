import { css } from 'styled-system/css';
import { alertBox } from '../../ui/alert';

/** The look shared by the auth screens' forms: the stack, an error, a notice, a text-like button. */
export const authFormStyles = {
  form: css({ display: 'grid', gap: '4' }),
  alert: alertBox,
  notice: css({
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'success.border',
    bg: 'success.subtle',
    color: 'success.text',
    fontSize: 'sm',
  }),
  toggle: css({
    justifySelf: 'center',
    fontSize: 'sm',
    color: 'primary.text',
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    borderRadius: 'sm',
    _hover: { color: 'primary.hover' },
  }),
  /** 'Forgot password?': the toggle's look, at the end of the row under the password. */
  forgot: css({
    justifySelf: 'end',
    mt: '-2',
    fontSize: 'sm',
    color: 'primary.text',
    cursor: 'pointer',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    borderRadius: 'sm',
    _hover: { color: 'primary.hover' },
  }),
};
