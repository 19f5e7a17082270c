CREATE OR REPLACE FUNCTION public.payment_requests_check_transition()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payment_requests rows are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'payment request % is already %', OLD.id, OLD.status USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.status NOT IN ('approved', 'rejected') THEN
    RAISE EXCEPTION 'payment request % can only move from pending to approved or rejected', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.id, NEW.user_id, NEW.type, NEW.amount_minor, NEW.account_type, NEW.remark, NEW.utr_no, NEW.screenshot_id,
      NEW.payout_account_id, NEW.payout_upi_id, NEW.payout_holder_name, NEW.payout_account_number,
      NEW.payout_ifsc_code, NEW.hold_journal_id, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.user_id, OLD.type, OLD.amount_minor, OLD.account_type, OLD.remark, OLD.utr_no, OLD.screenshot_id,
      OLD.payout_account_id, OLD.payout_upi_id, OLD.payout_holder_name, OLD.payout_account_number,
      OLD.payout_ifsc_code, OLD.hold_journal_id, OLD.created_at) THEN
    RAISE EXCEPTION 'payment request % facts cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $function$;
