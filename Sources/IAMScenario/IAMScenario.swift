// The scenario loader lives here.
