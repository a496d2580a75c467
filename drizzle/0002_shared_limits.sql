CREATE TABLE `login_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`in_flight` integer NOT NULL,
	`not_before` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`arrival` text NOT NULL,
	`limit_per_window` integer NOT NULL,
	`window_ms` integer NOT NULL,
	`idle_at` integer NOT NULL
);
