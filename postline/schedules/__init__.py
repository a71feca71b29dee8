"""When posts go out, thought of as people do (docs/scheduling.md): a channel's queue of
weekly wall-clock slots (`queue`, `slots`), recurrence rules (`recurrence`), the series
of a recurring post (`series`), evergreen settings (`evergreen`), read in a zone across
its changes of offset (`wallclock`); `posts` is what a post's create, PATCH and delete
ask of them. The worker's part, making occurrences and repeats, is postline/repeats/."""
