import { useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { supabase } from '../../lib/supabase';
import { toast } from '../../lib/toast';

/** Signs out, tells the user, goes home. A failure is toasted and then re-raised (spec §8). */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { error } = await supabase.auth.signOut();
    if (error) {
      toast.error('Error', error.message);
      throw error;
    }
    toast.success('Signed out successfully');
    await navigate({ to: '/' });
  }, [navigate]);
}
