-- Applied first, in the same session as every file after it. Files go in an order of dependencies,
-- but a function's body records none: it is checked when called, as pg_dump's output is applied.
set check_function_bodies = off;
