"""What one seat can know: the rule-of-48 tracker, behavioural readings and inference."""
