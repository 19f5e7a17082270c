-- A registration's record also says where it came from as the server reads the request: the
-- device from the User-Agent and the location from the IP, derived as login history derives
-- them (api/src/auth/login-context.ts), next to the raw ip and user_agent. Rows from before
-- have none.
ALTER TABLE registrations ADD COLUMN device text, ADD COLUMN location text;
