"""What the Python module's tests share: an expected error, and its one diagnostic."""
import pytest

import tilefoundry_ref as tf


def refused(call, error=tf.TfError):
    """The error `call` raises, which must be exactly of class `error`."""
    with pytest.raises(tf.TfError) as e:
        call()
    assert type(e.value) is error, repr(e.value)
    return e.value


def only(e):
    """The one diagnostic of error `e`."""
    assert len(e.diagnostics) == 1, e.diagnostics
    return e.diagnostics[0]
