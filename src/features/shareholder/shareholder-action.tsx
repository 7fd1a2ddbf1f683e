import { Link } from '@tanstack/react-router';
import { useSubscriptions } from '../../data/subscriptions';
import { useUserData } from '../../data/user-data';
import { buttonRecipe } from '../../ui/button';

/** The landing page's top-right button: Sign In; Dashboard with a signed subscription; else Subscribe. */
export function ShareholderAction({ session }: { session: { status: 'loading' | 'signed-in' | 'signed-out' } }) {
  const view = useSubscriptions(useUserData());
  if (session.status === 'loading') return null;
  if (session.status === 'signed-out') {
    return (
      <Link to="/auth" className={buttonRecipe({ variant: 'secondary' })}>
        Sign In
      </Link>
    );
  }
  if (view.loading) return null;
  return view.signed ? (
    <Link to="/shareholder/dashboard" className={buttonRecipe()}>
      Dashboard
    </Link>
  ) : (
    <Link to="/shareholder/subscribe" className={buttonRecipe()}>
      Subscribe
    </Link>
  );
}
