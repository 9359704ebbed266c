#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kibitz::cli::fuzzing::telegram_update(data));
